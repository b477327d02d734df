"""The board's handlers, one module-level ``async def`` per route, grouped by page (in the manner
of datasette's views): each parses its request, calls one function of ``app/`` and renders."""
