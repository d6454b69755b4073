"""The optional compiled engine (engine/compiled.py, scripts/compile_engine.sh): the list
of modules to compile names real modules, a build whose source changed since is refused
rather than run, and what the benchmark records says which modules run compiled."""

from __future__ import annotations

import importlib

import pytest

from engine import compiled

MOD = "engine.rulesets.athens_sparta.movement"


def test_every_module_to_compile_is_a_source_file():
    assert MOD in compiled.modules()  # named by the game's entry (engine/games.py)
    for module in compiled.modules():
        assert compiled.source(module).is_file(), module


def _fake_build(tmp_path, monkeypatch, built=True):
    """A tree holding one module's source, its record and (if `built`) its extension."""
    py = tmp_path.joinpath(*MOD.split(".")).with_suffix(".py")
    py.parent.mkdir(parents=True)
    py.write_text("X = 1\n")
    if built:
        py.with_name(f"{py.stem}.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    monkeypatch.setattr(compiled, "ROOT", tmp_path)
    monkeypatch.setattr(compiled, "modules", lambda: (MOD,))
    monkeypatch.setattr(compiled, "SOURCES", tmp_path / "compiled_sources.txt")
    compiled.record_sources()
    return py


def test_a_build_of_the_same_source_is_accepted(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    compiled.check_fresh()


def test_a_build_older_than_its_source_is_refused(tmp_path, monkeypatch):
    py = _fake_build(tmp_path, monkeypatch)
    py.write_text("X = 2\n")  # edited after the build
    with pytest.raises(ImportError, match="movement.*compile_engine.sh"):
        compiled.check_fresh()


def test_a_build_whose_source_was_removed_is_refused(tmp_path, monkeypatch):
    py = _fake_build(tmp_path, monkeypatch)
    py.unlink()  # moved or deleted after the build: the extension alone would still import
    with pytest.raises(ImportError, match="movement"):
        compiled.check_fresh()


def test_an_edited_source_without_its_extension_runs_as_python(tmp_path, monkeypatch):
    py = _fake_build(tmp_path, monkeypatch, built=False)
    py.write_text("X = 2\n")
    compiled.check_fresh()  # the record is left, the extension is gone: nothing stale runs


def test_loaded_names_the_modules_running_compiled():
    got = compiled.loaded()
    for module in compiled.modules():
        running_python = (importlib.import_module(module).__file__ or "").endswith(".py")
        assert (module in got) == (not running_python)


def test_python_classes_subclass_the_kernel_compiled_or_not():
    """Hellenes, the Epic and the tests' fixtures subclass Ruleset, Procedure and Rng in
    Python; with the kernel compiled that needs `mypyc_attr(allow_interpreted_subclasses)`,
    and the compiled Machine must still see a Python procedure's own class-level name."""
    import engine
    from engine.core.procedures import Machine, Procedure
    from engine.testing import FixedRng

    for ruleset_id in ("hellenes", "epic"):
        assert engine.new_game(ruleset_id, seed=1).prompts()

    class Named(Procedure[dict]):
        name = "named"

    assert list(Machine([Named()], lambda s: s["stack"]).procedures) == ["named"]
    assert FixedRng([3, 5]).dice(2) == [3, 5]


def test_an_extension_the_build_did_not_record_is_refused(tmp_path, monkeypatch):
    _fake_build(tmp_path, monkeypatch)
    other = tmp_path / "engine" / "rulesets" / "hellenes"
    other.mkdir(parents=True)
    (other / "board.py").write_text("X = 1\n")
    (other / "board.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    with pytest.raises(ImportError, match="engine.rulesets.hellenes.board"):
        compiled.check_fresh()


def test_importing_the_engine_checks_the_build_in_a_process_playing_any_ruleset(tmp_path):
    """A process that plays only Hellenes imports `engine` first: the check runs there,
    before a stale extension of any engine module could load."""
    import shutil
    import subprocess
    import sys

    copy = tmp_path / "engine"
    shutil.copytree(compiled.ROOT / "engine", copy,
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd",
                                                  "compiled_sources.txt"))
    (copy / "rulesets" / "hellenes" / "board.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    run = subprocess.run([sys.executable, "-c", "import engine.rulesets.hellenes"],
                         cwd=tmp_path, env={"PYTHONPATH": str(tmp_path)},
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0
    assert "engine.rulesets.hellenes.board" in run.stderr
    assert "compile_engine.sh" in run.stderr
