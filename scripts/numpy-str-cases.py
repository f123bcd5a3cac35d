"""Regenerates test/fixtures/parity/data/numpy-str.json: str(ndarray) as real numpy prints it with default
print options, for the cases the fixture printer (fixtures/servers/shared/numpy-str.ts) must reproduce.
Run: python3 scripts/numpy-str-cases.py > test/fixtures/parity/data/numpy-str.json"""
import json
import numpy as np

A = np.array
cases = [
    ("2x2 mixed signs", A([[0.3, -0.1], [-0.2, 0.4]])),
    ("whole floats", A([0.0, 5.0])),
    ("eigenvalues", np.linalg.eigvals(A([[1.0, 2], [3, 4]]))),
    ("inverse", np.linalg.inv(A([[1.0, 2], [3, 4]]))),
    ("inverse 3x3", np.linalg.inv(A([[2.0, 1, 0], [1, 3, 1], [0, 1, 4]]))),
    ("round-off", A([0.1 + 0.2, 1 / 3, 2 / 3])),
    ("negative zero", A([-0.0, 1.0])),
    ("all zeros", np.zeros((2, 3))),
    ("int matrix", A([[1, 2], [3, 4]])),
    ("int negative", A([1, -20, 300])),
    ("scientific small", A([1e-5, 1.0])),
    ("scientific large", A([1.5e8, 2.0])),
    ("scientific ratio", A([0.001, 2.0, 3.5])),
    ("scientific mixed", A([[1.23456789e-7, -2.0], [3.0, 4.5e3]])),
    ("scientific 3-digit exponent", A([1e-120, 1.0])),
    ("precision cut", A([1.123456789, 22.1])),
    ("qr q", np.linalg.qr(A([[1.0, 2], [3, 4]]))[0]),
    ("svd u", np.linalg.svd(A([[1.0, 2, 3], [4, 5, 6], [7, 8, 10]]))[0]),
    ("3-d", np.arange(12, dtype=float).reshape(2, 3, 2) / 4),
    ("wrap 1-d", np.arange(30, dtype=float) / 7),
    ("wrap 2-d", np.arange(40, dtype=float).reshape(2, 20) * 1.5),
    ("wrap int", np.arange(40)),
    ("nan and inf", A([1.5, np.nan, -np.inf])),
    ("single", A([2.5])),
    ("row vector", A([[1.0, 2.0, 3.0]])),
    ("column vector", A([[1.0], [-2.0], [3.25]])),
    ("complex eigenvalues", np.linalg.eigvals(A([[1.0, -2], [2, 1]]))),
    ("complex eigenvectors", np.linalg.eig(A([[0.0, -1], [1, 0]]))[1]),
    ("complex 3x3 eigenvectors", np.linalg.eig(A([[1.0, 2, 0], [-2, 1, 0], [0, 0, 3]]))[1]),
    ("complex mixed magnitudes", A([1e-5 + 2j, -3.5 - 0.25j, 100 + 0j])),
    ("summarised 1-d", np.arange(1001, dtype=float)),
    ("summarised 2-d", np.arange(1200, dtype=float).reshape(40, 30) / 7),
    ("summarised 3-d", np.arange(2000, dtype=float).reshape(10, 10, 20) - 1000.5),
    ("summarised int", np.arange(1500)),
    ("not summarised at 1000", np.arange(1000, dtype=float).reshape(10, 100)),
]
def plain(v):
    """JSON has no nan/inf: those go as the strings 'nan', 'inf', '-inf'. A complex number is {"re", "im"}."""
    if isinstance(v, list):
        return [plain(x) for x in v]
    if isinstance(v, complex):
        return {"re": plain(v.real), "im": plain(v.imag)}
    return v if np.isfinite(v) else str(v)


kinds = {"i": "int", "f": "float", "c": "complex"}
out = [{"name": n, "values": plain(a.tolist()), "kind": kinds[a.dtype.kind], "str": str(a)} for n, a in cases]
print('{"numpy": %s, "cases": [\n%s\n]}' % (json.dumps(np.__version__), ",\n".join(json.dumps(c, allow_nan=False) for c in out)))
