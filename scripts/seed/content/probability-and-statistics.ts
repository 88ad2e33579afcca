import type { DemoCourse } from './catalogue-types';

export const probabilityAndStatistics: DemoCourse = {
  slug: 'probability-and-statistics',
  title: 'Probability and Statistics',
  code: 'STAT 210',
  description:
    'The language of uncertainty and the tools for learning from data. The first half develops probability, random variables and the central limit theorem; the second half covers estimation, confidence intervals, hypothesis tests and simple linear regression.',
  subjectSlug: 'mathematics',
  institutionSlug: 'northbridge-university',
  published: true,
  documents: [
    {
      slug: 'conditional-probability-and-bayes',
      title: 'Lecture Notes 2: Conditional Probability and Bayes’ Theorem',
      description:
        'Axioms of probability, conditional probability, independence, the law of total probability and Bayes’ theorem, illustrated with diagnostic testing and the base rate fallacy.',
      kind: 'notes',
      pages: [
        `# 2.1 The rules of probability
A probability model has a sample space S of possible outcomes and assigns to every event A a number P(A). Kolmogorov's axioms require that P(A) >= 0, that P(S) = 1, and that the probability of a union of mutually exclusive events is the sum of their probabilities. Everything else follows, including the complement rule P(not A) = 1 - P(A) and the addition rule P(A or B) = P(A) + P(B) - P(A and B).

## Conditional probability
The probability of A given that B has occurred is P(A | B) = P(A and B) / P(B), defined when P(B) > 0. Conditioning shrinks the sample space to B. Rearranging gives the multiplication rule P(A and B) = P(A | B) P(B).

Example: a card is drawn from a standard deck of 52. The probability that it is a king, given that it is a face card, is 4/12 = 1/3, whereas the unconditional probability of a king is 4/52 = 1/13.

Events A and B are independent when P(A | B) = P(A), or equivalently P(A and B) = P(A)P(B). Independence is a property of the probabilities, not of the physical situation, and it must not be confused with mutual exclusivity: two mutually exclusive events with positive probabilities are never independent, since knowing that one occurred tells you the other did not.`,
        `# 2.2 Total probability and Bayes' theorem
If B1, ..., Bk partition the sample space, the law of total probability states P(A) = P(A | B1)P(B1) + ... + P(A | Bk)P(Bk). Bayes' theorem then reverses the conditioning:
P(Bi | A) = P(A | Bi)P(Bi) / P(A).
P(Bi) is the prior probability, P(Bi | A) the posterior probability after observing A.

## Worked example: a diagnostic test
A disease affects 1% of a population. A test detects it in 95% of people who have it (its sensitivity) and gives a negative result for 90% of people who do not (its specificity). A randomly chosen person tests positive. What is the probability that they have the disease?

P(positive) = 0.95 × 0.01 + 0.10 × 0.99 = 0.0095 + 0.099 = 0.1085.
P(disease | positive) = 0.0095 / 0.1085 = 0.088.

Fewer than one in eleven positive results is a true case. The intuition that the answer should be near 95% is called the base rate fallacy: it ignores that healthy people vastly outnumber sick ones, so even a small false-positive rate produces many false alarms. Thinking in natural frequencies helps: of 10,000 people, 100 are ill and 95 of them test positive, while 990 of the 9,900 healthy people also test positive.`,
        `# 2.3 Counting and classic problems
When all outcomes are equally likely, P(A) is the number of outcomes in A divided by the number in S, and counting becomes the main task. The number of ordered arrangements of k items chosen from n is n!/(n - k)!, and the number of unordered selections is the binomial coefficient C(n, k) = n!/(k!(n - k)!).

## The birthday problem
How many people must be in a room for the probability of a shared birthday to exceed one half? Ignoring leap years, the probability that n people all have different birthdays is (365 × 364 × ... × (365 - n + 1)) / 365^n. This drops below 0.5 at n = 23. The surprise comes from counting pairs: 23 people form 253 pairs, each with a 1 in 365 chance of a match.

## The Monty Hall problem
A prize is behind one of three doors. You pick door 1. The host, who knows where the prize is, opens door 3 to show that it is empty, and offers you a switch to door 2. Switching wins with probability 2/3. Your first choice was right with probability 1/3, and the host's action, which never reveals the prize, does not change that. Conditional probability, written out carefully, settles arguments that intuition cannot.

Exercises for this section are on problem sheet 2, questions 4 to 9.`,
      ],
    },
    {
      slug: 'hypothesis-testing-slides',
      title: 'Slides: Confidence Intervals and Hypothesis Tests',
      description:
        'Lecture slides on sampling distributions, confidence intervals for a mean, the logic of significance testing, p-values, the t-test and the two kinds of error.',
      kind: 'slides',
      pages: [
        `# Sampling distributions
- A statistic, such as the sample mean x-bar, varies from sample to sample; its distribution is the sampling distribution.
- For a sample of size n from a population with mean mu and standard deviation sigma, x-bar has mean mu and standard error sigma / sqrt(n).
- Central limit theorem: for large n, x-bar is approximately normal whatever the shape of the population.
- Rule of thumb: n >= 30 is usually enough, unless the population is very skewed.
- Quadrupling the sample size halves the standard error.
- When sigma is unknown, estimate it with the sample standard deviation s and use the t distribution with n - 1 degrees of freedom.
- The t distribution has heavier tails than the normal and approaches it as n grows.`,
        `# Confidence intervals
- A 95% confidence interval for mu: x-bar plus or minus t* × s / sqrt(n).
- Example: n = 25 battery lifetimes, x-bar = 41.2 hours, s = 5.0 hours. With t* = 2.064 for 24 degrees of freedom, the interval is 41.2 plus or minus 2.06, that is 39.1 to 43.3 hours.
- Interpretation: the method captures the true mean in 95% of repeated samples.
- Wrong: "there is a 95% probability that mu lies in this particular interval". mu is fixed; the interval is random.
- Wider intervals come from higher confidence, more variable data or smaller samples.
- To halve the margin of error, you need four times the sample size.
- For a proportion: p-hat plus or minus 1.96 sqrt(p-hat(1 - p-hat)/n).
- Poll example: 540 of 1,000 voters in favour gives 0.54 plus or minus 0.031, so 50.9% to 57.1%.`,
        `# Hypothesis tests
- Null hypothesis H0: no effect (mu = mu0). Alternative H1: the effect we look for (mu > mu0, mu < mu0 or mu != mu0).
- Test statistic t = (x-bar - mu0) / (s / sqrt(n)).
- p-value: the probability, assuming H0 is true, of a result at least as extreme as the one observed.
- Reject H0 at level alpha = 0.05 when p < 0.05. A large p-value does not prove H0.
- Type I error: rejecting a true H0 (probability alpha). Type II error: failing to reject a false H0 (probability beta); power = 1 - beta.
- Example: a manufacturer claims batteries last 40 hours. With the data above, t = (41.2 - 40) / 1.0 = 1.2 and the two-sided p-value is about 0.24: no evidence against the claim.
- Statistical significance is not practical importance: with a million observations, trivial effects become significant.`,
      ],
    },
    {
      slug: 'problem-sheet-random-variables',
      title: 'Problem Sheet 4: Random Variables and Distributions',
      description:
        'Exercises on expectation and variance, the binomial, Poisson, exponential and normal distributions, and applications of the central limit theorem, with final answers.',
      kind: 'exercises',
      pages: [
        `# Discrete distributions
1. A fair die is rolled. Let X be the number shown. Find E(X) and Var(X). If Y = 3X - 2, find E(Y) and Var(Y).
2. A multiple-choice quiz has 12 questions with 4 options each. A student guesses every answer. Let X be the number correct.
(a) State the distribution of X and its parameters.
(b) Find P(X = 3) and P(X >= 6).
(c) Find the mean and standard deviation of X.
3. A call centre receives on average 4.5 calls per minute, following a Poisson distribution. Find the probability of (a) no calls in a given minute; (b) at most 2 calls; (c) more than 20 calls in five minutes (use a normal approximation).
4. Show that the variance of a Bernoulli(p) random variable is p(1 - p), and deduce the variance of a Binomial(n, p) random variable using independence.
5. A lottery ticket costs 2 dollars. It wins 100 dollars with probability 0.005 and 10 dollars with probability 0.05, and nothing otherwise. What is the expected profit per ticket? What is the standard deviation of the profit?
6. Explain, with an example, why E(XY) = E(X)E(Y) may fail when X and Y are dependent.`,
        `# Continuous distributions and the central limit theorem
7. The lifetime of a light bulb is exponentially distributed with mean 800 hours.
(a) Find the probability that a bulb lasts more than 1,000 hours.
(b) Given that a bulb has already lasted 500 hours, what is the probability that it lasts another 1,000 hours? Comment on the answer.
8. Adult heights in a country are normally distributed with mean 170 cm and standard deviation 9 cm.
(a) What proportion of adults are taller than 185 cm?
(b) Find the height exceeded by only 5% of adults.
(c) A doorway is to be built so that 99% of adults can pass without stooping. How high should it be?
9. The weight of a bag of flour has mean 1,005 g and standard deviation 8 g. A crate holds 36 bags. Find the probability that the mean weight of a crate's bags is less than 1,002 g.
10. A student claims that the central limit theorem makes every large data set normally distributed. Explain what is wrong with this claim.

## Answers
1. 3.5 and 35/12; 8.5 and 26.25. 2. Binomial(12, 0.25); 0.258 and 0.054; mean 3, sd 1.5. 3. 0.011; 0.174; about 0.66. 5. -1.00 dollar; about 7.35 dollars. 7. 0.287; also 0.287, because the exponential distribution is memoryless. 8. 4.8%; 184.8 cm; 190.9 cm. 9. 0.012.`,
      ],
    },
    {
      slug: 'final-exam-2024',
      title: 'Final Examination, June 2024',
      description:
        'The two-hour final covering probability, distributions, estimation, hypothesis testing and regression, with a worked solution to the regression question.',
      kind: 'exam',
      pages: [
        `# STAT 210 Final Examination
Time: 2 hours. Answer all five questions. Statistical tables and a formula sheet are attached. Each question carries 20 marks.

1. In a factory, machines A, B and C produce 50%, 30% and 20% of all components. Their defect rates are 2%, 3% and 5%.
(a) What proportion of all components is defective?
(b) A component is found to be defective. What is the probability that it came from machine C?
2. The number of typing errors per page in a report follows a Poisson distribution with mean 0.8.
(a) Find the probability that a page has at least two errors.
(b) The report has 50 pages. Find the expected number of pages without errors.
3. A random sample of 40 commuters has mean journey time 34.5 minutes and standard deviation 9.2 minutes.
(a) Construct a 95% confidence interval for the mean journey time.
(b) A transport authority claims the mean is 32 minutes. Test this claim at the 5% level, stating your hypotheses, test statistic, p-value and conclusion.
4. In a survey of 500 voters, 270 support a proposal. Test whether a majority of all voters support it, at the 1% level.
5. The table below gives hours studied x and exam score y for eight students: (2, 52), (3, 55), (5, 61), (6, 68), (7, 66), (8, 74), (10, 80), (11, 83).
(a) Find the least-squares regression line of y on x.
(b) Interpret the slope in context and predict the score for 9 hours of study.
(c) Explain why predicting the score for 25 hours would be unwise.`,
        `# Solution to question 5
Summary statistics: n = 8, the sum of x is 52, the sum of y is 539, so the means are x-bar = 6.5 and y-bar = 67.375.

Work out the deviations from the means. Sxx, the sum of (x - x-bar)², equals 70. Sxy, the sum of (x - x-bar)(y - y-bar), equals 245.5.

(a) The slope is b = Sxy / Sxx = 245.5 / 70 = 3.51, and the intercept is a = y-bar - b x-bar = 67.375 - 3.51 × 6.5 = 44.6. The fitted line is y = 44.6 + 3.51x.

(b) Each additional hour of study is associated with an increase of about 3.5 points in the exam score, on average, for students like those in the sample. The predicted score for 9 hours is 44.6 + 3.51 × 9 = 76.1. Because the data are observational, the slope describes an association; it does not show that studying one more hour would cause a 3.5-point gain for a particular student.

(c) 25 hours lies far outside the observed range of 2 to 11 hours. Extrapolation assumes the linear pattern continues, but scores cannot exceed 100, and the line would predict 132. The correlation coefficient here is r = 0.99, so the line fits the observed range very well, which says nothing about behaviour outside it.

Marking: 8 marks for the line (4 for correct Sxx and Sxy), 6 for interpretation and prediction, 6 for the discussion of extrapolation.`,
      ],
    },
    {
      slug: 'distributions-summary',
      title: 'Summary: Distributions and Tests on Two Pages',
      description:
        'Revision summary listing each distribution with its mean, variance and typical use, and a decision guide for choosing the right test or interval.',
      kind: 'summary',
      pages: [
        `# Distributions
- Bernoulli(p): one trial with success probability p. Mean p, variance p(1 - p).
- Binomial(n, p): number of successes in n independent trials. Mean np, variance np(1 - p). Use for counts with a fixed number of trials, such as defective items in a batch of 20.
- Geometric(p): number of trials up to and including the first success. Mean 1/p.
- Poisson(lambda): counts of rare events in a fixed interval. Mean and variance both equal lambda. Approximates Binomial(n, p) when n is large and p small, with lambda = np.
- Uniform(a, b): mean (a + b)/2, variance (b - a)²/12.
- Exponential(rate r): waiting time between Poisson events. Mean 1/r; memoryless: the past waiting time does not change the future.
- Normal(mu, sigma²): symmetric and bell-shaped; 68% of values lie within one standard deviation of the mean, 95% within two, and 99.7% within three.
- t with k degrees of freedom: for standardized means when sigma is estimated.
- Chi-squared: for variances and for goodness-of-fit and independence tests on counts.

Rules for expectation: E(aX + b) = aE(X) + b and Var(aX + b) = a²Var(X). For independent X and Y, Var(X + Y) = Var(X) + Var(Y); the variances add even when you subtract the variables.`,
        `# Which procedure?
- One mean, sigma unknown: one-sample t interval or test, with n - 1 degrees of freedom.
- Two independent means: two-sample t test (Welch's version does not assume equal variances).
- Before-and-after measurements on the same subjects: paired t test on the differences.
- One proportion: z interval or test, valid when np and n(1 - p) are both at least 10.
- Two proportions: two-sample z test with the pooled proportion under H0.
- Counts in categories against expected proportions: chi-squared goodness-of-fit test.
- Two categorical variables in a contingency table: chi-squared test of independence, with (rows - 1)(columns - 1) degrees of freedom.
- Relationship between two quantitative variables: correlation and simple linear regression; test the slope with t on n - 2 degrees of freedom.

# Checklist for every test
1. State H0 and H1 in terms of population parameters, not sample statistics.
2. Check the conditions: random sampling, independence, and approximate normality or a large sample.
3. Compute the test statistic and the p-value.
4. Compare the p-value with the significance level chosen in advance.
5. Conclude in the context of the question, in plain words, and report a confidence interval for the size of the effect.

Remember: failing to reject H0 is not the same as showing it is true, and a p-value is not the probability that H0 is true.`,
      ],
    },
  ],
};
