"""Dice: scoring sets, exact probabilities, sampling, sub-multisets, face parsing.

Rules: [000/001 §Symbole na kostkach, §PUNKTY ZWYCIĘSTWA]; digest §1 "Resolving dice".
"""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import product
from math import comb, prod
from typing import ClassVar

import pytest

from kot_rules.engine import dice
from kot_rules.engine.dice import Face
from kot_rules.engine.errors import StateFormatError


def c(*faces: object) -> dice.Counts:
    return dice.counts_of(Face.parse(f) for f in faces)


class TestSetScoring:
    """Three of a number score its value, each further die +1; fewer than three: 0."""

    def test_one_one_one_scores_one_star(self) -> None:
        assert dice.set_stars(c(1, 1, 1, "energy", "heart", "claw")) == 1

    def test_two_two_two_two_scores_three_stars(self) -> None:
        # [001 §PUNKTY ZWYCIĘSTWA] and the worked example: 2-2-2-2 = 2 + 1 ★
        assert dice.set_stars(c(2, 2, 2, 2, "energy", "claw")) == 3

    def test_three_three_three_scores_three_stars(self) -> None:
        assert dice.set_stars(c(3, 3, 3, 1, 2, "heart")) == 3

    def test_each_further_die_adds_one(self) -> None:
        assert dice.set_stars(c(1, 1, 1, 1, 1, 1)) == 4
        assert dice.set_stars(c(3, 3, 3, 3, 3)) == 5
        assert dice.set_stars(c(2, 2, 2, 2, 2, 2)) == 5

    def test_two_numbers_at_once_both_score(self) -> None:
        assert dice.set_stars(c(1, 1, 1, 3, 3, 3)) == 4
        assert dice.set_stars(c(2, 2, 2, 3, 3, 3)) == 5
        assert dice.set_stars(c(1, 1, 1, 2, 2, 2)) == 3

    @pytest.mark.parametrize(
        "faces",
        [(1, 1, 2, 2, 3, 3), (1, 1, "claw", "claw", "energy", "heart"), (3, 3), (), (2, 2, 1)],
    )
    def test_fewer_than_three_of_a_number_score_nothing(self, faces: tuple[object, ...]) -> None:
        assert dice.set_stars(c(*faces)) == 0

    def test_non_number_faces_never_score(self) -> None:
        assert dice.set_stars(c("energy", "energy", "energy", "heart", "heart", "heart")) == 0
        assert dice.set_stars(c("claw", "claw", "claw", "claw", "claw", "claw")) == 0


class TestProbability:
    @pytest.mark.parametrize("n", range(7))
    def test_probabilities_over_all_outcomes_sum_to_one(self, n: int) -> None:
        outcomes = list(dice.all_outcomes(n))
        total = sum((dice.probability(o) for o in outcomes), Fraction(0))
        assert total == 1
        assert all(isinstance(dice.probability(o), Fraction) for o in outcomes)

    @pytest.mark.parametrize("n", range(7))
    def test_all_outcomes_are_the_distinct_multisets_of_n_dice(self, n: int) -> None:
        outcomes = list(dice.all_outcomes(n))
        assert len(outcomes) == comb(n + 5, 5)
        assert len(set(outcomes)) == len(outcomes)
        assert all(len(o) == 6 and sum(o) == n and min(o) >= 0 for o in outcomes)

    def test_probability_matches_ordered_throws(self) -> None:
        for n in range(4):
            seen = Counter(dice.counts_of(t) for t in product(dice.FACES, repeat=n))
            for o in dice.all_outcomes(n):
                assert dice.probability(o) == Fraction(seen[o], 6**n)

    def test_known_values(self) -> None:
        assert dice.probability(c(1, 1, 1, 1, 1, 1)) == Fraction(1, 6**6)
        assert dice.probability(c(1, 2, 3, "energy", "heart", "claw")) == Fraction(720, 6**6)
        assert dice.probability(dice.NO_DICE) == 1


class TestSample:
    def test_face_frequencies_over_60000_dice(self) -> None:
        rng = random.Random(20111)
        totals = [0] * 6
        for _ in range(10_000):
            counts = dice.sample(rng, 6)
            assert sum(counts) == 6 and min(counts) >= 0
            for i in range(6):
                totals[i] += counts[i]
        assert sum(totals) == 60_000
        # expected 10 000 each, sd ~ 91: a band of +-6 %
        for t in totals:
            assert 9_400 <= t <= 10_600, totals

    def test_pairs_are_half_as_likely_as_mixed(self) -> None:
        rng = random.Random(5)
        seen = Counter(dice.sample(rng, 2) for _ in range(36_000))
        assert len(seen) == 21
        for o, k in seen.items():
            expected = 36_000 * dice.probability(o)
            assert 0.85 * expected <= k <= 1.15 * expected, (o, k)

    @pytest.mark.parametrize("n", [0, 1, 3, 7, 8, 10])
    def test_sample_rolls_exactly_n_dice(self, n: int) -> None:
        rng = random.Random(n)
        for _ in range(200):
            counts = dice.sample(rng, n)
            assert len(counts) == 6 and sum(counts) == n and min(counts) >= 0

    @pytest.mark.parametrize("n", [7, 8, 10])
    def test_more_than_six_dice_draw_as_randrange_does(self, n: int) -> None:
        # dice.sample draws each die of a big throw with getrandbits, as randrange(6)
        # does inside CPython's Random: the same generator state gives the same dice
        # and leaves the generator where randrange would (the seeded games depend on it).
        ours, theirs = random.Random(n), random.Random(n)
        for _ in range(2_000):
            expected = [0] * 6
            for _ in range(n):
                expected[theirs.randrange(6)] += 1
            assert dice.sample(ours, n) == tuple(expected)
        assert ours.getstate() == theirs.getstate()

    def test_same_seed_same_dice(self) -> None:
        a = [dice.sample(random.Random(3), 6) for _ in range(3)]
        b = [dice.sample(random.Random(3), 6) for _ in range(3)]
        assert a == b


class TestSubMultisets:
    CASES: ClassVar[list[dice.Counts]] = [
        (0, 0, 0, 0, 0, 0),
        (6, 0, 0, 0, 0, 0),
        (1, 1, 1, 1, 1, 1),
        (2, 0, 1, 0, 3, 0),
        (0, 0, 0, 0, 0, 6),
        (0, 2, 0, 2, 0, 2),
    ]

    @pytest.mark.parametrize("counts", CASES)
    def test_index_round_trip(self, counts: dice.Counts) -> None:
        n = dice.sub_multisets(counts)
        assert n == prod(k + 1 for k in counts)
        subs = [dice.sub_multiset(counts, i) for i in range(n)]
        assert len(set(subs)) == n
        for i, sub in enumerate(subs):
            assert dice.contains(counts, sub)
            assert min(sub) >= 0
            assert dice.sub_multiset_index(counts, sub) == i

    @pytest.mark.parametrize("counts", CASES)
    def test_every_sub_multiset_is_listed(self, counts: dice.Counts) -> None:
        n = dice.sub_multisets(counts)
        brute = set(product(*(range(k + 1) for k in counts)))
        assert {dice.sub_multiset(counts, i) for i in range(n)} == brute

    def test_empty_first_full_last(self) -> None:
        counts = (1, 0, 2, 0, 1, 2)
        assert dice.sub_multiset(counts, 0) == dice.NO_DICE
        assert dice.sub_multiset(counts, dice.sub_multisets(counts) - 1) == counts


class TestFaceParse:
    @pytest.mark.parametrize(
        ("value", "face"),
        [
            (1, Face.ONE),
            ("1", Face.ONE),
            (2, Face.TWO),
            ("2", Face.TWO),
            (3, Face.THREE),
            ("energy", Face.ENERGY),
            ("⚡", Face.ENERGY),
            ("heart", Face.HEART),
            ("♥", Face.HEART),
            ("claw", Face.CLAW),
            (" Claw ", Face.CLAW),
        ],
    )
    def test_accepts(self, value: object, face: Face) -> None:
        assert Face.parse(value) is face

    @pytest.mark.parametrize("value", ["claws", True, False, 7, 0, -1, "", None, 1.0, [1], "4"])
    def test_rejects_with_state_format_error(self, value: object) -> None:
        with pytest.raises(StateFormatError):
            Face.parse(value)

    def test_counts_and_faces_round_trip(self) -> None:
        counts = (1, 0, 2, 1, 0, 2)
        assert dice.counts_of(dice.faces_of(counts)) == counts
        assert [f.value for f in dice.faces_of(counts)] == [
            "1", "3", "3", "energy", "claw", "claw"
        ]


class TestDeckShuffle:
    """dice.shuffle stands in for random.Random.shuffle: a seeded game's deck (and New York's
    tiles) depend on it."""

    @pytest.mark.parametrize("length", [0, 1, 2, 3, 7, 50, 66, 129])
    def test_the_same_order_and_generator_as_random_shuffle(self, length: int) -> None:
        for seed in range(200):
            ours, theirs = random.Random(seed), random.Random(seed)
            a = [f"c{i}" for i in range(length)]
            b = list(a)
            dice.shuffle(a, ours)
            theirs.shuffle(b)
            assert a == b, (seed, length)
            assert ours.getstate() == theirs.getstate()
