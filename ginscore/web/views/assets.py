"""What a page needs besides its HTML: the event stream that tells open pages the ledger
changed (/events), the page's own script and stylesheets (/static/NAME), and the page for an
address the board does not have."""

from __future__ import annotations

from starlette.responses import Response, StreamingResponse

from ginscore.base.i18n import N_, translate
from ginscore.web.desk import Refused, board_of, error_response

KEEP_ALIVE_SECONDS = 15  # a comment line this often keeps proxies and phones from closing the stream


async def events(request):
    watcher = board_of(request).watcher

    async def stream():
        yield "retry: 1000\n\n"
        seen = watcher.generation
        while not watcher.stopped:
            if not await watcher.changed(seen, KEEP_ALIVE_SECONDS):
                yield ": still here\n\n"
            elif not watcher.stopped:
                seen = watcher.generation
                yield f"data: {seen}\n\n"

    return StreamingResponse(stream(), media_type="text/event-stream", headers={"cache-control": "no-store", "x-accel-buffering": "no"})


async def static(request):
    assets = board_of(request).assets
    name = request.path_params["name"]
    if name not in assets:  # only the package's own files, by their exact names
        raise Refused(404, N_("no such file"))
    body, media_type = assets[name]
    return Response(body, media_type=media_type, headers={"cache-control": "max-age=3600"})


async def refused(request, error: Refused):
    """A ``Refused`` raised by a handler before its work (its words marked with ``N_``): its
    error page, in the reader's language."""
    return await board_of(request).desk.do(request, lambda book: error_response(translate(error.args[0]), error.status))


async def not_found(request, exc):
    return await board_of(request).desk.do(request, lambda book: error_response(translate(N_("no such page")), 404))
