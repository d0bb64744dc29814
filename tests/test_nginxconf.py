"""deploy/nginxconf.py: the release id that keys nginx's cached pages, and a filled config."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import webapp.serving.gunicorn_conf as settings

sys.path.insert(0, str(Path(__file__).parent.parent / "deploy"))

import nginxconf  # noqa: E402


def a_release(folder: Path) -> list[Path]:
    """A small tree standing for the app's code, templates and static files."""
    (folder / "templates").mkdir(parents=True)
    (folder / "static").mkdir()
    (folder / "templates" / "result.html").write_text("<main>{{ page }}</main>")
    (folder / "static" / "style.css").write_text("main { margin: 0 }")
    return [folder / "templates", folder / "static"]


def test_a_release_that_draws_pages_differently_has_another_id(tmp_path):
    folders = a_release(tmp_path)
    first = nginxconf.release_id(folders)
    assert nginxconf.release_id(folders) == first
    (tmp_path / "templates" / "result.html").write_text("<main>{{ page.heading }}</main>")
    assert nginxconf.release_id(folders) != first


def test_compiled_code_does_not_change_the_id(tmp_path):
    folders = a_release(tmp_path)
    first = nginxconf.release_id(folders)
    (tmp_path / "templates" / "__pycache__").mkdir()
    (tmp_path / "templates" / "__pycache__" / "x.pyc").write_bytes(b"\x00")
    assert nginxconf.release_id(folders) == first


def test_the_filled_config_keys_cached_pages_by_the_release(tmp_path):
    config = nginxconf.write_config(tmp_path, 8080, [8081], None, []).read_text()
    release = nginxconf.release_id(nginxconf.page_folders())
    assert f"proxy_cache_key {release}|$scheme://$http_host$request_uri;" in config
    filled = "".join(line for line in config.splitlines() if not line.lstrip().startswith("#"))
    assert re.search(r"@[A-Z_]+@", filled) is None  # a named location (@app_events) is no gap


def upstream(config: str, name: str) -> str:
    """The servers of the upstream block `name` in a filled config."""
    block = config[config.index(f"upstream {name} {{") :]
    return " ".join(block[: block.index("}")].split()[3:])


def test_a_game_s_live_events_go_to_the_relay_when_one_runs(tmp_path):
    config = nginxconf.write_config(tmp_path, 8080, [8081], None, [], relay_port=8090)
    assert upstream(config.read_text(), "sudoku_relay") == "server 127.0.0.1:8090;"


def test_a_game_s_live_events_go_to_the_app_servers_when_no_relay_runs(tmp_path):
    config = nginxconf.write_config(tmp_path, 8080, [8081, 8082], None, [])
    servers = upstream(config.read_text(), "sudoku_relay")
    assert servers == "server 127.0.0.1:8081; server 127.0.0.1:8082;"


def test_nginx_lets_idle_upstream_connections_go_before_gunicorn_does():
    # nginx's default 60 s against gunicorn's 2 s: a POST sent on a connection gunicorn had
    # just closed was a 502
    template = (Path(nginxconf.__file__).parent / "nginx.conf").read_text()
    upstream = template[template.index("upstream sudoku_app") :]
    upstream = upstream[: upstream.index("}")]
    found = re.search(r"keepalive_timeout (\d+)s;", upstream)
    assert found is not None, "the upstream block sets no keepalive_timeout"
    assert int(found.group(1)) < settings.keepalive


def test_nginx_serves_static_files_from_a_copy_its_workers_can_read(tmp_path):
    # From a checkout only its owner may enter, nginx's workers ("nobody") could read no
    # stylesheet or script: every one was a 404
    config = nginxconf.write_config(tmp_path, 8080, [8081], None, []).read_text()
    root = Path(re.search(r"root (\S+);", config).group(1))
    assert root.is_relative_to(tmp_path)
    served = root / "static"
    assert (served / "style.css").read_bytes() == (
        nginxconf.static_root() / "static" / "style.css"
    ).read_bytes()
    for path in (root, *root.rglob("*")):
        wanted = 0o005 if path.is_dir() else 0o004  # others may enter folders and read files
        assert path.stat().st_mode & wanted == wanted, path
