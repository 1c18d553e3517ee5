"""Safe loading: records and snapshots are JSON, validated before use; nothing loaded runs code.

A file that is not JSON (here a pickle whose unpickling would create a file) is
refused without being unpickled; snapshots and records accept only JSON types.
"""

import json
import pickle
from pathlib import Path

import pytest

from catan_env import Game, SnapshotError
from catan_env.replay import RecordError, load_record, replay


class _Payload:
    """Unpickling this creates ``marker``: proof that a loader ran foreign code."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (Path.touch, (self.marker,))


def test_a_pickled_record_is_refused_unopened(tmp_path):
    marker = tmp_path / "pwned"
    path = tmp_path / "game.json"
    path.write_bytes(pickle.dumps({"format": "catan_env/record", "x": _Payload(marker)}))
    with pytest.raises(RecordError, match="not a readable game record"):
        load_record(path)
    assert not marker.exists()


def test_records_and_snapshots_take_json_types_only():
    g = Game(seed=1)
    for _ in range(12):
        g.step(int(g.legal_actions()[0]))
    record = json.loads(json.dumps(g.record()))
    record["actions"][3] = 3.0  # a float that equals a valid id is still refused
    with pytest.raises(RecordError, match="not an action id"):
        replay(record)
    snap = json.loads(json.dumps(g.to_dict()))
    snap["bank"]["ore"] = "19"
    with pytest.raises(SnapshotError, match="must be an integer"):
        Game.from_dict(snap)
    snap["bank"]["ore"] = object()
    with pytest.raises(SnapshotError):
        Game.from_dict(snap)


def test_a_policy_npz_with_pickled_objects_is_refused_unopened(tmp_path):
    """agents.policy_agent reads .npz checkpoints with allow_pickle=False."""
    import numpy as np

    from agents.policy_agent import load_policy

    marker = tmp_path / "pwned"
    path = tmp_path / "policy.npz"
    payload = np.empty(1, object)
    payload[0] = _Payload(marker)
    np.savez(path, meta=np.array(json.dumps({"format": 1})), head_weight=payload)
    with pytest.raises(ValueError):
        load_policy(path)
    assert not marker.exists()


def test_a_policy_zip_never_unpickles_foreign_objects(tmp_path):
    """A MaskablePPO zip: only policy.pth is read, with torch.load(weights_only=True), and the
    pickled ``data`` member is never opened."""
    import zipfile

    torch = pytest.importorskip("torch", reason="the train extra (torch) is not installed")
    from agents.policy_agent import META_MEMBER, load_policy

    marker = tmp_path / "pwned"
    path = tmp_path / "model.zip"
    pth = tmp_path / "policy.pth"
    torch.save({"w": _Payload(marker)}, pth)
    with zipfile.ZipFile(path, "w") as z:
        z.writestr("data", pickle.dumps(_Payload(marker)))
        z.writestr(META_MEMBER, json.dumps({"format": 1}))
        z.write(pth, "policy.pth")
    with pytest.raises(ValueError, match="policy.pth holds Python objects besides tensors"):
        load_policy(path)
    assert not marker.exists()


@pytest.mark.parametrize(
    "name, content, why",
    [
        ("bad.npz", b"not a checkpoint at all", "it is not a zip archive"),
        ("bad.zip", b"\x80\x04garbage that numpy would try to unpickle", "it is not a zip archive"),
        ("bad.npz", pickle.dumps({"meta": 1}), "it is not a zip archive"),
        ("empty.zip", None, "the archive holds neither 'meta.npy'"),
    ],
)
def test_what_is_not_a_checkpoint_says_so_in_one_line(tmp_path, name, content, why):
    """Never numpy's advice to load with allow_pickle=True (the opposite of the Safety rules)."""
    import zipfile

    from agents import make_agent

    path = tmp_path / name
    if content is None:
        zipfile.ZipFile(path, "w").close()
    else:
        path.write_bytes(content)
    with pytest.raises(ValueError) as caught:
        make_agent(f"ppo:{path}")
    message = str(caught.value)
    assert message.startswith(f"{str(path)!r} is not a policy checkpoint: {why}")
    assert "allow_pickle" not in message and "\n" not in message


def test_npz_entries_of_python_objects_or_missing_arrays_are_named(tmp_path):
    import numpy as np

    from agents.policy_agent import load_policy

    objects = np.empty(1, object)
    objects[0] = {"a": 1}
    np.savez(tmp_path / "objects.npz", meta=objects)
    with pytest.raises(ValueError, match="an entry holds pickled Python objects") as caught:
        load_policy(tmp_path / "objects.npz")
    assert "allow_pickle" not in str(caught.value)
    np.savez(tmp_path / "nohead.npz", meta=np.array(json.dumps({"format": 1})))
    with pytest.raises(ValueError, match="no 'head_weight' entry"):
        load_policy(tmp_path / "nohead.npz")
    np.savez(tmp_path / "notjson.npz", meta=np.array("{oops"))
    with pytest.raises(ValueError, match="its 'meta' entry is not JSON"):
        load_policy(tmp_path / "notjson.npz")


def test_the_cli_names_a_corrupt_checkpoint_in_one_line(tmp_path, capsys):
    from catan_env.cli import main

    bad = tmp_path / "bad.npz"
    bad.write_bytes(b"garbage")
    argv = ["tournament", "-q", "--agents", f"ppo:{bad},random,random,random", "--games", "1"]
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert (
        err
        == f"catan-env: error: {str(bad)!r} is not a policy checkpoint: it is not a zip archive "
        "(an .npz of export_policy or a stable-baselines3 .zip)"
    )
