"""The fidelity bench's ruler, measured (issue 25 item 1, judge14): the sample drawn for
hand labelling, the labels read back (hand-judged precision with a Wilson interval), the
second score beside the strict one, and the labelled samples kept in bench/data."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
if str(BENCH) not in sys.path:
    sys.path.insert(0, str(BENCH))


def test_wilson_gives_the_textbook_interval() -> None:
    from fidelity import wilson

    low, high = wilson(50, 100)
    assert (round(low, 3), round(high, 3)) == (0.404, 0.596)
    low, high = wilson(49, 60)
    assert (round(low, 3), round(high, 3)) == (0.701, 0.894)
    # No hit is not a zero-width interval, and no sample says nothing.
    low, high = wilson(0, 10)
    assert low == 0.0 and 0.27 < high < 0.28
    assert wilson(0, 0) == (0.0, 1.0)


def _scored(matched: int, unmatched: int) -> list:
    from fidelity import Scored

    return [
        Scored("set", "c1", "2025-01-01", ["ana"], f"bullet {i}", ["Ana is 30."], i < matched)
        for i in range(matched + unmatched)
    ]


def test_the_sample_is_stratified_seeded_and_written_for_a_labeller(tmp_path: Path) -> None:
    from fidelity import Sample

    scored = _scored(10, 3)
    drawn = Sample(8, 1, tmp_path / "s.jsonl").draw(scored)
    # Half of N from each side; a side with fewer gives all it has.
    assert sum(s.strict for s in drawn) == 4 and sum(not s.strict for s in drawn) == 3
    assert drawn == Sample(8, 1, tmp_path / "s.jsonl").draw(scored)
    assert any(Sample(8, seed, tmp_path / "s.jsonl").draw(scored) != drawn for seed in (2, 3))

    out = tmp_path / "s.jsonl"
    Sample(8, 1, out).write(scored)
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    meta = lines[0]["meta"]
    assert (meta["bullets"], meta["matched"], meta["seed"]) == (13, 10, 1)
    assert meta["builtin"].startswith("builtin of memctl/ at ")
    assert len(lines) == 8
    for record in lines[1:]:
        assert set(record) == {"set", "session", "names", "bullet", "facts", "strict", "label"}
        assert record["label"] == "" and record["facts"] == ["Ana is 30."]
        assert record["session"] == "c1 2025-01-01"


def test_labels_read_back_weight_each_stratum_by_its_size_in_the_run(tmp_path: Path) -> None:
    """60 of 100 bullets strict-matched in the run; by hand 3 of 4 matched ones are right
    and 1 of 4 unmatched: the run's hand precision is 0.6 * 0.75 + 0.4 * 0.25 = 55%, not
    the sample's 50%."""
    from fidelity import Judged

    path = tmp_path / "labels.jsonl"
    rows = [
        {"meta": {"set": "s", "bullets": 100, "matched": 60, "builtin": "b", "labelled_by": "t"}}
    ]
    labels = [(True, "right")] * 3 + [(True, "wrong"), (False, "right")] + [(False, "true")] * 3
    for strict, label in labels:
        rows.append({"bullet": "b", "facts": ["f"], "names": [], "strict": strict, "label": label})
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    judged = Judged.read(path)
    estimate, low, high = judged.stratified(lambda r: r["label"] == "right")
    assert estimate == pytest.approx(0.55)
    # Agresti-Coull per stratum (z^2 = 3.8416): p~ = 4.9208 / 7.8416 = 0.6275 and
    # 2.9208 / 7.8416 = 0.3725, centre 0.6 * 0.6275 + 0.4 * 0.3725 = 0.5255, variance
    # (0.36 + 0.16) * 0.6275 * 0.3725 / 7.8416 = 0.0155: 0.5255 -+ 1.96 * 0.1245.
    assert (round(low, 3), round(high, 3)) == (0.281, 0.770)
    either, _, _ = judged.stratified(lambda r: r["label"] in ("right", "true"))
    assert either == pytest.approx(0.6 * 0.75 + 0.4 * 1.0)

    rows[1]["label"] = ""  # an unlabelled bullet is an error, not a wrong one
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="label"):
        Judged.read(path)


def _judged(bullets: int, matched: int, sides: dict[bool, tuple[int, int]]):
    """A labels file read back whose run holds `bullets`, `matched` of them strict-matched,
    and whose sample has, per stratum, (right, labelled)."""
    from fidelity import Judged

    records = [
        {"bullet": "b", "facts": ["f"], "names": [], "strict": strict, "label": label}
        for strict, (right, labelled) in sides.items()
        for label in ["right"] * right + ["wrong"] * (labelled - right)
    ]
    return Judged({"bullets": bullets, "matched": matched}, records)


def _right(record: dict) -> bool:
    return record["label"] == "right"


def test_a_stratum_all_right_still_counts_its_uncertainty() -> None:
    """review18 #6: 20 of 20 strict-matched right and 1 of 20 unmatched, weighted 210 and
    157 of 367. A plug-in variance takes the 20/20 stratum as certain and gave 55%-63%;
    per-stratum Wilson bounds put it near 48%-67%. Agresti-Coull: p~ = 21.92 / 23.84 =
    0.9195 and 2.92 / 23.84 = 0.1225, centre 0.5784, variance 0.5722^2 * 0.9195 * 0.0805
    / 23.84 + 0.4278^2 * 0.1225 * 0.8775 / 23.84 = 0.001842."""
    estimate, low, high = _judged(367, 210, {True: (20, 20), False: (1, 20)}).stratified(_right)
    assert estimate == pytest.approx(210 / 367 + 157 / 367 / 20)
    assert (round(low, 3), round(high, 3)) == (0.494, 0.663)
    # With one stratum it is the textbook Agresti-Coull interval (Wilson's, a little wider).
    estimate, low, high = _judged(60, 60, {True: (49, 60)}).stratified(_right)
    assert estimate == pytest.approx(49 / 60)
    assert (round(low, 3), round(high, 3)) == (0.699, 0.896)


def test_a_stratum_the_run_holds_but_the_sample_lacks_is_an_error(tmp_path: Path) -> None:
    """Without it the estimate would be the other stratum's weighted share alone (57%
    here for a run whose unmatched bullets were never looked at)."""
    with pytest.raises(ValueError, match="no labelled strict-unmatched bullet"):
        _judged(367, 210, {True: (20, 20)})
    with pytest.raises(ValueError, match="no labelled strict-matched bullet"):
        _judged(367, 210, {False: (1, 20)})
    # A stratum the run does not hold needs no sample.
    estimate, _, _ = _judged(20, 20, {True: (15, 20)}).stratified(_right)
    assert estimate == pytest.approx(0.75)
    with pytest.raises(ValueError, match="30 of 20"):
        _judged(20, 30, {True: (15, 20), False: (1, 2)})

    from fidelity import Judged

    path = tmp_path / "labels.jsonl"
    rows = [{"meta": {"set": "s", "bullets": 10, "matched": 5}}]
    rows.append({"bullet": "b", "facts": ["f"], "names": [], "strict": True, "label": "right"})
    path.write_text("\n".join(json.dumps(row) for row in rows) + "\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"labels\.jsonl: no labelled strict-unmatched"):
        Judged.read(path)


def test_the_second_score_rejects_a_wrong_date_or_person_and_reads_spelled_numbers() -> None:
    """The disagreement kinds the hand labels found (bench/README.md, judge14), each one
    the strict score gets wrong and the second gets right."""
    from fidelity import loose_match, overlap

    names = {"caspian", "odette"}
    fact = "Ottilie will start as a locum at a vet practice in Romsey."
    bullet = "Caspian: Locum at a vet in romsey to start."
    assert overlap(bullet, fact, names)[1] and not loose_match(bullet, [fact], names)
    assert loose_match("Caspian: Ottilie starts as a locum at a vet in Romsey.", [fact], names)

    names = {"pip", "wendell"}
    fact = "Pip's baby daughter Wren was born on 2025-06-10, three weeks early, weighing 3.1kg."
    bullet = "Pip: Baby Wren arrived on 2025-06-17, 3 weeks early but totally fine."
    assert overlap(bullet, fact, names)[1] and not loose_match(bullet, [fact], names)
    assert loose_match(bullet.replace("06-17", "06-10"), [fact], names)

    fact = "Cuthbert switched from TIFF to 600 dpi JPEG scans from 2025-03-27."
    bullet = "Bronwyn: Cuthbert says he's switching from TIFF to JPEG at 600 dpi from April 2025."
    assert overlap(bullet, fact, {"bronwyn"})[1]
    assert not loose_match(bullet, [fact], {"bronwyn"})
    assert loose_match(bullet.replace("April 2025", "March 27th"), [fact], {"bronwyn"})

    names = {"fenella", "juno"}
    fact = "The group plans to start weaning at six months on the health visitor's advice."
    bullet = "Fenella: The health visitor said wait til 6 months."
    assert not overlap(bullet, fact, names)[1] and loose_match(bullet, [fact], names)
    # Junk sharing no value is still junk.
    assert not loose_match("Fenella: He's 4 months!", [fact], names)


@pytest.mark.parametrize(
    ("name", "matched", "unmatched"),
    [
        ("heldout9", 60, 60),
        ("heldout9_second", 60, 60),
        ("heldout8", 20, 20),
        ("heldout10_before", 60, 60),
        ("heldout10_after", 60, 60),
        ("heldout11_before", 60, 60),
        ("heldout11_after", 60, 60),
        ("heldout12_before", 60, 57),
        ("heldout12_after", 60, 57),
    ],
)
def test_the_labelled_samples_are_whole_and_their_strict_verdicts_current(
    name: str, matched: int, unmatched: int
) -> None:
    """Every sampled bullet has a label and its session's gold facts, the file says which
    builtin wrote the bullets and who labelled them, and each stored strict verdict is
    what `overlap` says today (a changed scorer must relabel, not reuse)."""
    from fidelity import DATA, Judged, overlap, parse_conversations

    judged = Judged.read(DATA / f"fidelity_labels_{name}.jsonl")
    assert judged.meta["builtin"] and judged.meta["labelled_by"]
    records = judged.records
    assert sum(r["strict"] for r in records) == matched
    assert sum(not r["strict"] for r in records) == unmatched
    conversations = DATA / f"{judged.meta['set']}.txt"
    convs = parse_conversations(conversations.read_text(encoding="utf-8"))
    facts = {f"{c.id} {s.day.isoformat()}": s.facts for c in convs for s in c.sessions}
    for record in records:
        assert record["facts"] == facts[record["session"]]
        names = set(record["names"])
        assert record["strict"] == any(
            overlap(record["bullet"], fact, names)[1] for fact in record["facts"]
        )
