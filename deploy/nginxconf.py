"""deploy/nginx.conf filled in for one run of deploy/stack: its @NAME@ placeholders, its
snippets beside it, and the app's security headers for the responses the app did not write."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from webapp.web.site.headers import HSTS, SECURITY_HEADERS

DEPLOY = Path(__file__).parent
ROOT = DEPLOY.parent


class ConfigError(Exception):
    """The config cannot be written: the static folder is missing, or a header cannot be."""


def static_root() -> Path:
    """The folder that holds static/: the checkout, or the installed package."""
    import webapp

    for base in (ROOT, Path(webapp.__file__).parent):
        if (base / "static").is_dir():
            return base
    raise ConfigError("cannot find the static/ folder")


def served_static(run_dir: Path) -> Path:
    """A copy of static/ in `run_dir` (its parent), for nginx's workers to read: they do not
    run as the user who started nginx, and from a checkout in a folder only its owner may
    enter (a home folder, a mktemp -d) every stylesheet and script was a 404. `run_dir` must
    be readable by them (deploy/stack makes it 0755)."""
    copy = run_dir / "static-root"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(static_root() / "static", copy / "static")
    for folder in (copy, *copy.rglob("*")):
        folder.chmod(0o755 if folder.is_dir() else 0o644)
    return copy


def release_id(folders: list[Path]) -> str:
    """A short hash of every file the pages are drawn from (the app's code, templates and
    static files under `folders`, caches of compiled code left out): nginx's cached pages are
    keyed by it, so a release that draws pages differently never serves a page of the last."""
    digest = hashlib.sha256()
    files = {
        path
        for folder in folders
        for path in folder.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    for path in sorted(files):
        digest.update(str(path.relative_to(path.anchor)).encode() + b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def page_folders() -> list[Path]:
    """Where the pages are drawn from: the package, and the templates and static files."""
    import webapp

    root = static_root()
    return [Path(webapp.__file__).parent, root / "templates", root / "static"]


def header_maps(hsts: bool) -> str:
    """nginx map blocks: each of the app's headers, only where the upstream sent none."""
    headers = dict(SECURITY_HEADERS)
    headers["Strict-Transport-Security"] = HSTS if hsts else ""
    blocks = []
    for name, value in headers.items():
        if '"' in value:
            raise ConfigError(f"cannot write {name} for nginx: it holds a double quote")
        variable = name.lower().replace("-", "_")
        blocks.append(
            f"map $upstream_http_{variable} $stack_{variable} {{\n"
            f'        "" "{value}";\n'
            f'        default "";\n'
            f"    }}"
        )
    return "\n    ".join(blocks)


def header_lines() -> str:
    """security_headers.conf: add each header the maps chose, on every status."""
    names = [*SECURITY_HEADERS, "Strict-Transport-Security"]
    lines = [f"add_header {name} $stack_{name.lower().replace('-', '_')} always;" for name in names]
    return "# Written by deploy/stack from the app's own headers.\n" + "\n".join(lines) + "\n"


def write_config(
    run_dir: Path,
    port: int,
    app_ports: list[int],
    public_url: str | None,
    exempt: list[str],
    relay_port: int | None = None,
) -> Path:
    """Fill deploy/nginx.conf into `run_dir` beside its snippets; the config's path. A game's
    live events go to the relay on `relay_port`, or to the app servers when there is none."""
    server_names = ["localhost", "127.0.0.1"]
    if public_url:
        host = public_url.split("://", 1)[1].split("/", 1)[0].split(":", 1)[0]
        server_names.append(host)
    values = {
        "@LISTEN@": f"127.0.0.1:{port}",
        "@SERVER_NAMES@": " ".join(server_names),
        "@UPSTREAMS@": " ".join(f"server 127.0.0.1:{app};" for app in app_ports),
        "@RELAY@": " ".join(
            f"server 127.0.0.1:{relay};" for relay in ([relay_port] if relay_port else app_ports)
        ),
        "@STATIC_ROOT@": str(served_static(run_dir)),
        "@RUN_DIR@": str(run_dir),
        "@EXEMPT@": " ".join(f"{address} 0;" for address in exempt),
        "@RELEASE@": release_id(page_folders()),
        "@HEADERS@": header_maps(hsts=bool(public_url and public_url.startswith("https://"))),
    }
    lines = (DEPLOY / "nginx.conf").read_text().splitlines(keepends=True)
    config = run_dir / "nginx.conf"
    config.write_text("".join(fill(line, values) for line in lines))
    for snippet in ("proxy.conf", "client_errors.conf"):
        shutil.copy(DEPLOY / snippet, run_dir / snippet)
    (run_dir / "security_headers.conf").write_text(header_lines())
    return config


def fill(line: str, values: dict[str, str]) -> str:
    """One line of the template with its placeholders filled; comments stay as written."""
    if line.lstrip().startswith("#"):
        return line
    for placeholder, value in values.items():
        line = line.replace(placeholder, value)
    return line
