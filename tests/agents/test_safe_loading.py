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
    with pytest.raises(pickle.UnpicklingError):
        load_policy(path)
    assert not marker.exists()
