# Each test gets a private home and cache, so nothing reads or writes the user's files.
import pytest


@pytest.fixture(autouse=True)
def private_home(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("SLIDEGIF_PDB_DIR", raising=False)
    (tmp_path / "home").mkdir()
