# Reference numbers for test/scoring/paired.test.ts, from R and its packages
# (Debian bookworm: r-base-core 4.2.2, r-cran-epir 2.0.57, r-cran-boot 1.3-28.1).
#   Rscript test/scoring/reference/paired-reference.R
# The tests quote these outputs as numbers; nothing runs R at test time.
suppressMessages({ library(epiR); library(boot) })
options(digits = 17)

cat("## exact McNemar: binom.test on the discordant pairs (worse of worse + better)\n")
for (wb in list(c(3, 12), c(12, 3), c(5, 5), c(0, 7), c(1, 9), c(40, 60), c(200, 260))) {
  n <- sum(wb)
  cat(sprintf("worse=%d better=%d two-sided=%.17g greater=%.17g\n", wb[1], wb[2],
    binom.test(wb[1], n, 0.5)$p.value, binom.test(wb[1], n, 0.5, alternative = "greater")$p.value))
}
cat(sprintf("pbinom(3, 20, 0.3) = %.17g\n", pbinom(3, 20, 0.3)))
cat(sprintf("pbinom(200, 460, 0.5) = %.17g\n", pbinom(200, 460, 0.5)))
cat(sprintf("pbinom(700, 1500, 0.5) = %.17g\n", pbinom(700, 1500, 0.5)))

cat("\n## Newcombe method 10: epi.conf(ctype = 'prop.paired'); columns both passed, worse, better, both failed\n")
cat("## epiR reports base - head; the project reports head - base, so its interval is the negation, reversed\n")
for (m in list(c(36, 12, 2, 0), c(1, 1, 7, 12), c(2, 3, 0, 5), c(0, 0, 0, 20), c(30, 8, 3, 9), c(50, 2, 2, 46))) {
  for (conf in c(0.95, 0.90)) {
    r <- epi.conf(matrix(m, ncol = 4), ctype = "prop.paired", conf.level = conf)
    cat(sprintf("table=%s conf=%.2f est=%.17g lower=%.17g upper=%.17g\n", paste(m, collapse = ","), conf, r$est, r$lower, r$upper))
  }
}

cat("\n## paired bootstrap of the mean difference: boot(), percentile interval by boot.ci(type = 'perc')\n")
base <- c(0.657, 0.593, 0.660, 0.493, 0.766, 0.771, 0.694, 0.472, 0.634, 0.547, 0.512, 0.829, 0.848, 0.420, 0.787,
          0.671, 0.572, 0.528, 0.704, 0.606, 0.709, 0.698, 0.460, 0.746, 0.842, 0.836, 0.676, 0.420, 0.402, 0.460)
head <- c(0.659, 0.551, 0.573, 0.527, 0.716, 0.787, 0.651, 0.448, 0.538, 0.478, 0.498, 0.823, 0.809, 0.396, 0.683,
          0.643, 0.515, 0.457, 0.688, 0.558, 0.644, 0.652, 0.414, 0.704, 0.815, 0.788, 0.682, 0.453, 0.412, 0.416)
d <- head - base
cat(sprintf("n=%d mean=%.17g plug-in sd of the mean=%.17g\n", length(d), mean(d), sqrt(mean((d - mean(d))^2) / length(d))))
for (seed in 1:3) {
  set.seed(seed)
  b <- boot(d, function(x, i) mean(x[i]), R = 1e6)
  ci95 <- boot.ci(b, conf = 0.95, type = "perc")$percent[4:5]
  ci90 <- boot.ci(b, conf = 0.90, type = "perc")$percent[4:5]
  t <- b$t[, 1]
  p <- min(1, 2 * (min(sum(t <= 0), sum(t >= 0)) + 1) / (length(t) + 1))
  cat(sprintf("seed=%d R=1e6 perc95=[%.6f, %.6f] perc90=[%.6f, %.6f] type-7 quantile(0.95)=%.6f bootstrap sd=%.6f p=%.3g\n", seed, ci95[1], ci95[2], ci90[1], ci90[2], quantile(t, 0.95, names = FALSE), sd(t), p))
}

cat("\n## no significant change: a second data set whose interval straddles 0\n")
noise <- c(-0.019, 0.012, -0.006, 0.041, 0.007, 0.014, -0.017, 0.005, -0.033, -0.045, 0.006, -0.034, -0.018, 0.026,
           0.047, 0.001, -0.013, 0.023, 0.029, 0.016)
set.seed(1)
b <- boot(noise, function(x, i) mean(x[i]), R = 1e6)
t <- b$t[, 1]
cat(sprintf("mean=%.17g perc95=[%.6f, %.6f] upper one-sided 95%%=%.6f p=%.4f\n", mean(noise), boot.ci(b, conf = 0.95, type = "perc")$percent[4],
  boot.ci(b, conf = 0.95, type = "perc")$percent[5], quantile(t, 0.95, names = FALSE), min(1, 2 * (min(sum(t <= 0), sum(t >= 0)) + 1) / (length(t) + 1))))

cat("\n## the MIN_PAIRS_TO_TELL coverage argument\n")
n <- c(5, 10, 20)
print(2 * pt(qnorm(0.975) * sqrt((n - 1) / n), n - 1) - 1)

cat("\n## odds and ends quoted in the tests\n")
cat(sprintf("binom.test(8, 11)$p.value = %.17g\n", binom.test(8, 11)$p.value))
cat(sprintf("qnorm(c(0.975, 0.95, 0.999, 1e-10)) = %s\n", paste(sprintf("%.17g", qnorm(c(0.975, 0.95, 0.999, 1e-10))), collapse = ", ")))
cat(sprintf("quantile(c(1, 2, 4, 8), c(0.1, 0.5, 0.95), type = 7) = %s\n", paste(quantile(c(1, 2, 4, 8), c(0.1, 0.5, 0.95), type = 7), collapse = ", ")))

cat("\n## the worked comparison in test/scoring/compare.test.ts\n")
for (m in list(c(7, 11, 1, 1), c(18, 1, 1, 0))) for (conf in c(0.95, 0.90)) {
  r <- epi.conf(matrix(m, ncol = 4), ctype = "prop.paired", conf.level = conf)
  cat(sprintf("table=%s conf=%.2f lower=%.17g upper=%.17g\n", paste(m, collapse = ","), conf, r$lower, r$upper))
}
cat(sprintf("binom.test(1, 12)$p.value = %.17g\n", binom.test(1, 12)$p.value))
