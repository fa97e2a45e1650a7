"""The figure of ``kot-rules balance --plot``: each card's buyer win rate with its
interval, against the baseline 1/players. Needs matplotlib (``pip install 'kot-rules[plot]'``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

FORMATS = (".png", ".svg")
"""The file types the figure can be written as, by suffix."""

INSTALL = "pip install 'kot-rules[plot]'"


class PlotUnavailableError(RuntimeError):
    """matplotlib is not installed; the message gives the command that installs it."""


def plot(summary: dict[str, Any], path: Path) -> None:
    """Draw the buyer win rate of every card of a balance ``summary`` to ``path``
    (``.png`` or ``.svg``). Raises :class:`PlotUnavailableError` and ``OSError``."""
    if path.suffix.lower() not in FORMATS:
        raise ValueError(f"{path}: the figure is written as .png or .svg, not "
                         f"{path.suffix or 'a file without a suffix'!r}")
    path.write_bytes(render(summary, path.suffix.lower()[1:]))


def render(summary: dict[str, Any], fmt: str = "svg", *, horizontal: bool = False) -> bytes:
    """The figure of :func:`plot` as the bytes of a ``png`` or ``svg`` file; ``horizontal``
    puts the cards down the side (for a whole deck). Raises :class:`PlotUnavailableError`."""
    import io

    try:
        import matplotlib

        matplotlib.use("Agg")  # no display: the figure only goes to a file
        import matplotlib.pyplot as plt
    except ImportError:
        raise PlotUnavailableError(
            f"--plot needs matplotlib, which is not installed: {INSTALL}"
        ) from None

    names = [card["name"] for card in summary["cards"]]
    # A card nobody bought keeps its place on the axis, with no point.
    shown = [(x, card) for x, card in enumerate(summary["cards"])
             if card["buyer_win_rate"] is not None]
    rates = [100 * card["buyer_win_rate"] for _, card in shown]
    below = [rate - 100 * card["buyer_win_ci"][0] for rate, (_, card) in zip(rates, shown,
                                                                               strict=True)]
    above = [100 * card["buyer_win_ci"][1] - rate for rate, (_, card) in zip(rates, shown,
                                                                               strict=True)]
    baseline = 100 * summary["baseline_win_rate"]
    label = "monsters that bought the card (95% Wilson interval)"
    size = (7.5, max(4.8, 0.22 * len(names) + 1.5)) if horizontal else (
        max(6.4, 0.5 * len(names) + 2), 4.8)

    # A whole deck leaves no free corner for the legend: it goes below the axes.
    figure, axes = plt.subplots(figsize=size, layout="constrained" if horizontal else None)
    try:
        where = [x for x, _ in shown]
        if horizontal:
            axes.errorbar(rates, where, xerr=[below, above], fmt="o", capsize=3, label=label)
            axes.axvline(baseline, linestyle="--", color="grey",
                         label=f"baseline 1/{summary['players']} = {baseline:.1f}%")
            axes.set_yticks(list(range(len(names))), names, fontsize="small")
            axes.set_ylim(len(names) - 0.5, -0.5)  # the first card at the top
            axes.set_xlabel("win rate (%)")
            axes.set_xlim(0, 100)
        else:
            axes.errorbar(where, rates, yerr=[below, above], fmt="o", capsize=4, label=label)
            axes.axhline(baseline, linestyle="--", color="grey",
                         label=f"baseline 1/{summary['players']} = {baseline:.1f}%")
            axes.set_xticks(list(range(len(names))), names, rotation=30, ha="right")
            axes.set_xlim(-0.5, len(names) - 0.5)
            axes.set_ylabel("win rate (%)")
            axes.set_ylim(0, 100)
        axes.set_title(f"Win rate of the buyers\n{summary['games']} games, "
                       f"{summary['players']} monsters, agent {summary['agent']}",
                       fontsize="medium")
        if horizontal:
            figure.legend(loc="outside lower center", fontsize="small")
        else:
            axes.legend(loc="best", fontsize="small")
            figure.tight_layout()
        # No date in the file: the same summary draws the same file.
        metadata = {"Date": None} if fmt == "svg" else {"Software": None}
        out = io.BytesIO()
        # A fixed salt for the SVG's element ids, which are random otherwise.
        with plt.rc_context({"svg.hashsalt": "kot-rules"}):
            figure.savefig(out, format=fmt, metadata=metadata)
        return out.getvalue()
    finally:
        plt.close(figure)
