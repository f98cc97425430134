"""A logistic regression in pure Python for train_supersession.py: L2, batch gradient
descent on standardised features (train_fact_scorer.py's fit as of aad71fc, which that
script has since replaced by numpy Newton steps in a793ff9), the weights returned for the
raw features so that memctl could score with them without the training set's
statistics."""

from __future__ import annotations

import math
from collections.abc import Sequence

STEPS = 400
RATE = 0.3

Model = tuple[float, list[float]]


def fit(values: Sequence[Sequence[float]], labels: Sequence[bool], l2: float) -> Model:
    """(bias, weights) over the raw features (the standardisation folded in)."""
    width = len(values[0])
    n = len(values)
    mean = [sum(v[j] for v in values) / n for j in range(width)]
    std = [math.sqrt(sum((v[j] - mean[j]) ** 2 for v in values) / n) or 1.0 for j in range(width)]
    xs = [[(v[j] - mean[j]) / std[j] for j in range(width)] for v in values]
    ys = [1.0 if label else 0.0 for label in labels]
    w = [0.0] * width
    b = 0.0
    for _ in range(STEPS):
        gw = [l2 * wj / n for wj in w]
        gb = 0.0
        for x, y in zip(xs, ys, strict=True):
            z = b + sum(wj * xj for wj, xj in zip(w, x, strict=True))
            err = 1 / (1 + math.exp(-z)) - y
            gb += err / n
            for j in range(width):
                gw[j] += err * x[j] / n
        b -= RATE * gb
        w = [wj - RATE * g for wj, g in zip(w, gw, strict=True)]
    raw = [w[j] / std[j] for j in range(width)]
    return b - sum(raw[j] * mean[j] for j in range(width)), raw


def score(model: Model, values: Sequence[float]) -> float:
    """The model's log-odds for one row."""
    bias, weights = model
    return bias + sum(w * v for w, v in zip(weights, values, strict=True))
