"""The HTTP side of ``catan-env play``: a small Starlette app over one :class:`PlaySession`.

Routes (JSON in and out; errors are ``{"error": "..."}`` with a 4xx status):

* ``GET /`` and ``GET /seat/N``: the page (``static/play.html``); ``/`` opens
  the first human seat.
* ``GET /static/NAME``: the page's script and style, and the replay viewer's
  scripts, which the page runs to draw the board.
* ``POST /api/claim`` ``{"seat"}``: a token for the tab taking a human seat
  (refused while another tab holds it).
* ``GET /api/view?seat=&token=&since=``: what the seat may see; with ``since``
  it waits (up to ``wait`` seconds) until the game has moved past that step.
* ``POST /api/act`` ``{"seat", "token", "action", "version"}``: a move.
* ``POST /api/quit`` ``{"seat", "token"}``: end the game and save its record.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from .session import PlayError, PlaySession

_TYPES = {".js": "text/javascript", ".css": "text/css", ".html": "text/html"}


def _static(name: str) -> bytes:
    return resources.files("catan_env").joinpath("static", name).read_bytes()


def make_app(session: PlaySession, wait: float = 15.0) -> Starlette:
    """The app serving ``session`` (a long poll answers after at most ``wait`` seconds)."""

    def error(exc: PlayError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=exc.status)

    async def body(request: Request) -> dict:
        try:
            data = json.loads(await request.body())
        except ValueError:
            raise PlayError("the request body is not JSON") from None
        if not isinstance(data, dict):
            raise PlayError("the request body must be a JSON object")
        return data

    def seat_of(value) -> int:
        try:
            return int(value)
        except (TypeError, ValueError):
            raise PlayError(f"a seat must be an integer, got {value!r}") from None

    async def index(request: Request):
        return RedirectResponse(f"/seat/{session.humans[0]}")

    async def page(request: Request):
        # The board's markup is the replay viewer's, kept once in board.html.
        html = _static("play.html").replace(b"{{BOARD}}", _static("board.html"))
        return Response(html, media_type="text/html")

    async def static(request: Request):
        name = request.path_params["name"]
        suffix = name[name.rfind(".") :]
        if "/" in name or suffix not in _TYPES:
            return JSONResponse({"error": f"no file {name!r}"}, status_code=404)
        try:
            return Response(_static(name), media_type=_TYPES[suffix])
        except FileNotFoundError:
            return JSONResponse({"error": f"no file {name!r}"}, status_code=404)

    async def claim(request: Request):
        try:
            data = await body(request)
            token = session.claim(seat_of(data.get("seat")))
            return JSONResponse({"token": token})
        except PlayError as exc:
            return error(exc)

    async def view(request: Request):
        q = request.query_params
        try:
            seat, token = seat_of(q.get("seat")), q.get("token")
            session.touch(seat, token)  # the token is checked before any wait
            since = q.get("since")
            if since is not None:
                since, loop = int(since), asyncio.get_running_loop()
                end = loop.time() + wait
                while session.version == since and not session.over and loop.time() < end:
                    await asyncio.sleep(0.02)
                    session.touch(seat, token)  # a waiting tab still holds its seat
            return JSONResponse(session.view(seat, token))
        except PlayError as exc:
            return error(exc)
        except ValueError:
            return JSONResponse({"error": f"since must be a step number, got {since!r}"}, 400)

    async def act(request: Request):
        try:
            data = await body(request)
            session.act(
                seat_of(data.get("seat")), data.get("token"), data.get("action"),
                data.get("version"),
            )  # fmt: skip
            return JSONResponse({"ok": True, "version": session.version})
        except PlayError as exc:
            return error(exc)

    async def quit_game(request: Request):
        try:
            data = await body(request)
            path = session.quit(seat_of(data.get("seat")), data.get("token"))
            return JSONResponse({"ok": True, "record": str(path)})
        except PlayError as exc:
            return error(exc)

    return Starlette(
        routes=[
            Route("/", index),
            Route("/seat/{seat:int}", page),
            Route("/static/{name}", static),
            # Browsers ask for it; a 404 would be a console error.
            Route("/favicon.ico", lambda request: Response(status_code=204)),
            Route("/api/claim", claim, methods=["POST"]),
            Route("/api/view", view),
            Route("/api/act", act, methods=["POST"]),
            Route("/api/quit", quit_game, methods=["POST"]),
        ]
    )


def make_server(session: PlaySession, wait: float = 15.0):
    """A uvicorn server for ``session``: ``server.run(sockets=[sock])`` serves until stopped."""
    import uvicorn

    config = uvicorn.Config(make_app(session, wait), log_level="warning", lifespan="off")
    return uvicorn.Server(config)
