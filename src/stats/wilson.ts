/**
 * Wilson score interval for a pass rate (95% by default): unlike the normal
 * approximation it stays inside [0, 1] and is honest for small task counts,
 * which is what lets two agents' pass rates be compared. Null with no tasks.
 */
export function wilsonInterval(passed: number, total: number, z = 1.959963984540054): [number, number] | null {
  if (total === 0) return null
  const p = passed / total
  const z2 = z * z
  const denominator = 1 + z2 / total
  const centre = (p + z2 / (2 * total)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / total + z2 / (4 * total * total))) / denominator
  // At p = 0 the lower end is 0 exactly, at p = 1 the upper end is 1 (centre ∓ half cancel); rounding would
  // otherwise print 1.7e-18 or 0.9999999999999999.
  return [passed === 0 ? 0 : Math.max(0, centre - half), passed === total ? 1 : Math.min(1, centre + half)]
}
