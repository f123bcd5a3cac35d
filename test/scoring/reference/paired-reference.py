"""Cross-check of the exact McNemar p-values with statsmodels and scipy (Debian bookworm:
python3-statsmodels 0.13.5, python3-scipy 1.10.1).

    /usr/bin/python3 test/scoring/reference/paired-reference.py

The tests quote these outputs; nothing runs Python at test time.
"""
from scipy.stats import binomtest
from statsmodels.stats.contingency_tables import mcnemar

# [[both passed, worse], [better, both failed]]: statsmodels takes the discordant cells b = [0][1], c = [1][0].
for table in ([[20, 3], [12, 5]], [[50, 40], [60, 10]], [[10, 0], [7, 3]], [[1, 200], [260, 2]]):
    worse, better = table[0][1], table[1][0]
    print(f"table={table} statsmodels mcnemar(exact=True).pvalue={mcnemar(table, exact=True).pvalue!r}",
          f"scipy binomtest(worse, n, alternative='greater').pvalue={binomtest(worse, worse + better, 0.5, alternative='greater').pvalue!r}")
