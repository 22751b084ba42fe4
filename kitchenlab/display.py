"""Showing a kit object in a notebook: one mixin for every object that wraps an ipywidgets widget.

>>> class Panel(ShowsWidget):
...     def __init__(self, widget):
...         self.widget = widget
>>> class Box:
...     def _repr_mimebundle_(self, **kwargs):
...         return {"text/plain": "a box"}
>>> Panel(Box())._repr_mimebundle_()
{'text/plain': 'a box'}
"""

from __future__ import annotations


class ShowsWidget:
    """A notebook shows the object as its ``widget`` attribute (a cell's last value displays it)."""

    widget: object

    def _repr_mimebundle_(self, **kwargs):
        return self.widget._repr_mimebundle_(**kwargs)


__all__ = ["ShowsWidget"]
