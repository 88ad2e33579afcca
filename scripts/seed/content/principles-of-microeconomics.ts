import type { DemoCourse } from './catalogue-types';

export const principlesOfMicroeconomics: DemoCourse = {
  slug: 'principles-of-microeconomics',
  title: 'Principles of Microeconomics',
  code: 'ECON 101',
  description:
    'How households and firms make choices under scarcity, and how markets coordinate those choices. Topics include supply and demand, elasticity, consumer and producer surplus, costs of production, market structures and the cases where markets fail.',
  subjectSlug: 'economics',
  institutionSlug: 'harbor-city-college',
  published: true,
  documents: [
    {
      slug: 'supply-demand-and-elasticity',
      title: 'Lecture Notes 2: Supply, Demand and Elasticity',
      description:
        'The law of demand, shifts versus movements along a curve, market equilibrium, and price, income and cross-price elasticity with the midpoint formula and the link to total revenue.',
      kind: 'notes',
      pages: [
        `# 2.1 Demand and supply
The quantity demanded of a good is the amount buyers are willing and able to purchase at a given price during a given period. The law of demand states that, other things equal, the quantity demanded falls when the price rises. Two effects explain it: the substitution effect (the good is now dearer relative to alternatives) and the income effect (a higher price makes buyers effectively poorer).

A demand curve plots price on the vertical axis against quantity demanded on the horizontal axis. It is important to distinguish a movement along the curve, caused only by a change in the good's own price, from a shift of the whole curve, caused by a change in anything else: income, the prices of substitutes and complements, tastes, expectations or the number of buyers.

- A rise in income shifts demand for a normal good to the right and for an inferior good, such as bus travel in many cities, to the left.
- A rise in the price of coffee shifts the demand for tea (a substitute) right and the demand for coffee filters (a complement) left.

Supply works the same way from the seller's side. The law of supply says quantity supplied rises with price, because higher prices make it worthwhile to cover rising marginal costs. The supply curve shifts with input prices, technology, the number of sellers, expectations and taxes or subsidies on production.`,
        `# 2.2 Market equilibrium
The equilibrium price is the price at which quantity demanded equals quantity supplied. Above it there is a surplus, and sellers cut prices to clear their stock; below it there is a shortage, and buyers bid prices up. The market settles where the curves cross.

## Worked example
Suppose demand is Qd = 120 - 4P and supply is Qs = 20 + 6P, with prices in dollars and quantities in thousands of units per week. Setting Qd = Qs gives 120 - 4P = 20 + 6P, so P* = 10 dollars and Q* = 80 thousand units.

Now a rise in consumer incomes shifts demand to Qd = 150 - 4P. The new equilibrium has 150 - 4P = 20 + 6P, so P = 13 dollars and Q = 98 thousand. Price and quantity both rise, as they always do when demand increases and supply is unchanged.

## Predicting changes
When only one curve shifts, the direction of both price and quantity is determined. When both shift at once, one of the two becomes ambiguous. If a good harvest increases supply at the same time as a health scare reduces demand, the price certainly falls, but the quantity may rise or fall depending on which shift is larger. Drawing the two diagrams, one for each extreme, is the safest way to reason about such questions in an exam.`,
        `# 2.3 Elasticity
The price elasticity of demand measures how strongly quantity demanded responds to price: the percentage change in quantity divided by the percentage change in price. We usually report its absolute value. Demand is elastic when the value exceeds 1, inelastic when it is below 1, and unit elastic when it equals 1.

To avoid getting different answers depending on the direction of the change, use the midpoint formula, which divides each change by the average of the start and end values. Example: when the price of a concert ticket rises from 40 to 60 dollars, sales fall from 1,200 to 800. The percentage change in quantity is -400 / 1,000 = -40%, the percentage change in price is 20 / 50 = 40%, so the elasticity is 1.0: unit elastic.

## What makes demand elastic
- Close substitutes are available (one brand of cereal, rather than food in general).
- The good takes a large share of the budget.
- The good is a luxury rather than a necessity.
- Buyers have more time to adjust: petrol demand is far more elastic over five years than over five weeks.

## Elasticity and total revenue
Total revenue is price times quantity. If demand is inelastic, raising the price raises revenue, because quantity falls proportionally less. If demand is elastic, raising the price lowers revenue. This is why farmers as a group can be worse off after a bumper harvest, and why tobacco taxes raise large sums.

Income elasticity is positive for normal goods and negative for inferior goods. Cross-price elasticity is positive for substitutes and negative for complements.`,
      ],
    },
    {
      slug: 'market-structures-slides',
      title: 'Slides: Perfect Competition, Monopoly and Oligopoly',
      description:
        'Lecture slides comparing market structures: price taking and the shutdown rule, the monopolist’s marginal revenue, deadweight loss, price discrimination, and game theory for oligopoly.',
      kind: 'slides',
      pages: [
        `# Perfect competition
- Many small firms, identical products, free entry and exit, full information.
- Each firm is a price taker: it faces a horizontal demand curve at the market price.
- Profit is maximized where price equals marginal cost, P = MC.
- Short run: produce if the price covers average variable cost; otherwise shut down and lose only fixed costs.
- Long run: profits attract entrants, losses drive firms out, until P = minimum average total cost and economic profit is zero.
- Result: allocative efficiency (P = MC) and productive efficiency (output at minimum average cost).
- Examples that come close: wheat farming, foreign exchange markets, street food stalls.
- Worked case: if the market price is 12 dollars and a firm's marginal cost is MC = 2 + 2q, it produces q = 5 units.
- If its average total cost at that output is 10 dollars, it earns a profit of 5 × 2 = 10 dollars, and new firms will enter.`,
        `# Monopoly
- A single seller with no close substitutes, protected by barriers to entry: patents, control of a key resource, network effects, economies of scale.
- The monopolist faces the downward-sloping market demand, so marginal revenue lies below price.
- Linear demand P = a - bQ has marginal revenue MR = a - 2bQ: twice as steep.
- Profit maximum at MR = MC; the price is then read off the demand curve.
- Example: P = 100 - 2Q and constant MC = 20. MR = 100 - 4Q = 20 gives Q = 20 and P = 60; a competitive market would produce Q = 40 at P = 20.
- Deadweight loss: the lost surplus on the units between 20 and 40, equal to 0.5 × 20 × 40 = 400.
- Natural monopolies (water, rail networks) are often regulated rather than broken up.`,
        `# Price discrimination and oligopoly
- Price discrimination: charging different prices for the same good when buyers differ in willingness to pay and resale is impossible.
- Examples: student discounts, airline fare classes, cinema matinees, software licences for businesses and for home users.
- Perfect (first-degree) discrimination captures all consumer surplus and removes the deadweight loss.
- Oligopoly: a few interdependent firms, each of which must anticipate the others' reactions.
- Game theory: a Nash equilibrium is a set of strategies where no firm gains by changing its own strategy alone.
- Prisoner's dilemma: two firms each prefer to cut prices whatever the rival does, so both end up worse off than if they had cooperated.
- Cartels such as OPEC are unstable for the same reason: each member is tempted to exceed its quota.
- Competition law bans explicit collusion; tacit collusion is harder to prove.`,
      ],
    },
    {
      slug: 'problem-set-consumer-and-producer-surplus',
      title: 'Problem Set 3: Surplus, Taxes and Price Controls',
      description:
        'Numerical exercises on consumer and producer surplus, the incidence and deadweight loss of a tax, price ceilings, price floors and the effects of a tariff.',
      kind: 'exercises',
      pages: [
        `# Surplus and taxes
The market for bottled water in a city is described by the demand curve P = 10 - 0.5Q and the supply curve P = 2 + 0.5Q, where P is the price in dollars per crate and Q is in thousands of crates per month.

1. Find the equilibrium price and quantity.
2. Calculate consumer surplus, producer surplus and total surplus at the equilibrium. Draw a diagram and label the areas.
3. The city imposes a tax of 2 dollars per crate, collected from sellers. Find the new quantity, the price paid by buyers and the price received by sellers.
4. How much of the tax is borne by buyers, and how much by sellers? Explain the split in terms of the relative slopes of demand and supply.
5. Calculate the tax revenue and the deadweight loss of the tax.
6. Would the deadweight loss double if the tax doubled to 4 dollars? Calculate it and explain the general rule.

## Hints
The incidence of a tax does not depend on which side of the market pays it to the government. The side of the market that is less elastic bears more of the burden. The deadweight loss is a triangle whose base is the tax and whose height is the fall in quantity.`,
        `# Price controls and trade
7. A city introduces rent control, setting a maximum monthly rent of 900 dollars for one-bedroom apartments. At this rent 30,000 households want such an apartment but only 22,000 are offered. The market rent would have been 1,200 dollars.
(a) Is this a binding price ceiling? What is the size of the shortage?
(b) List three ways in which apartments might be allocated when the price cannot do the job.
(c) Why is the shortage likely to grow over ten years even if demand does not change?
8. A government sets a minimum wage of 15 dollars an hour in a labour market where the equilibrium wage is 12 dollars. Use a supply and demand diagram to show the effect on employment. Under what conditions might employment fall very little?
9. A small country imports steel at the world price of 500 dollars a tonne. It introduces a tariff of 100 dollars a tonne. Domestic production rises from 2 to 3 million tonnes and domestic consumption falls from 8 to 7 million tonnes.
(a) Calculate the tariff revenue.
(b) Calculate the two deadweight loss triangles.
(c) Who gains from the tariff and who loses?

## Answers to questions 1 to 6
1. P = 6 dollars, Q = 8 thousand. 2. CS = 16, PS = 16, total surplus 32 (thousand dollars). 3. Q = 6, buyers pay 7 dollars, sellers receive 5 dollars. 4. One dollar each, since the curves are equally steep. 5. Revenue 12, deadweight loss 2. 6. No, it quadruples to 8: deadweight loss grows with the square of the tax.`,
        `# Extended question: a subsidy for electric bicycles
This question is longer and closer to the essay part of the final examination. Answer in about a page, using at least one diagram.

10. A national government pays a subsidy of 300 dollars on every electric bicycle sold. Before the subsidy, 400,000 bikes were sold each year at an average price of 1,500 dollars.
(a) Show the effect of the subsidy on a supply and demand diagram. Mark the price buyers pay, the price sellers receive, and the cost of the subsidy to taxpayers.
(b) Explain why the price paid by buyers falls by less than 300 dollars. What determines how the benefit is divided between buyers and sellers?
(c) Without externalities, a subsidy creates a deadweight loss. Explain why, and identify the area on your diagram.
(d) Supporters argue that electric bicycles reduce congestion and air pollution. Explain how a positive externality changes the welfare analysis, and what the ideal size of the subsidy would be.
(e) After two years, the government finds that most subsidized bikes were bought by households who already cycled. Discuss what this implies for the cost-effectiveness of the policy.

Good answers use the concepts of elasticity, incidence, marginal external benefit and the Pigouvian subsidy, and they question the assumptions behind the numbers rather than only calculating.`,
      ],
    },
    {
      slug: 'final-exam-winter-2024',
      title: 'Final Exam, Winter 2024',
      description:
        'The final examination with multiple-choice questions, numerical problems on costs and monopoly, and short essays on externalities and public goods, plus examiner comments.',
      kind: 'exam',
      pages: [
        `# ECON 101 Final Examination
Time: 2 hours. Section A is worth 30 marks, Section B 40 marks and Section C 30 marks. Answer all of Sections A and B and one question from Section C.

## Section A: multiple choice (3 marks each)
1. If the price of a good rises by 10% and the quantity demanded falls by 4%, demand is: (A) elastic; (B) inelastic; (C) unit elastic; (D) perfectly elastic.
2. A firm's marginal cost curve cuts its average total cost curve: (A) at the maximum of ATC; (B) at the minimum of ATC; (C) where ATC equals AVC; (D) never.
3. Which is an example of a public good? (A) a toll road; (B) a city park at rush hour; (C) national defence; (D) cable television.
4. A price floor set below the equilibrium price: (A) causes a surplus; (B) causes a shortage; (C) has no effect; (D) raises the market price.
5. The opportunity cost of attending college includes: (A) tuition and the earnings given up; (B) tuition and rent you would have paid anyway; (C) only tuition; (D) only the earnings given up.`,
        `# Sections B and C
## Section B: problems
6. (20 marks) A firm has total cost TC = 100 + 4Q + Q².
(a) Write down fixed cost, variable cost, average total cost and marginal cost.
(b) If the market is perfectly competitive and the price is 24 dollars, how much does the firm produce and what is its profit?
(c) At what price would the firm earn zero economic profit in the long run?
7. (20 marks) A monopolist faces demand P = 80 - Q and has marginal cost MC = 2Q.
(a) Find the profit-maximizing output and price.
(b) Find the output and price a competitive market with the same costs would produce.
(c) Calculate the deadweight loss caused by monopoly.

## Section C: essays (30 marks; answer one)
8. A chemical plant discharges waste into a river used by fishers downstream. Explain why the market produces too much of the chemical, and compare a Pigouvian tax with a tradable permit scheme as remedies. Refer to the Coase theorem.
9. Explain why public goods are under-provided by markets, using the ideas of non-rivalry, non-excludability and free riding. Discuss one example where private provision nevertheless works.`,
        `# Examiner's comments
Section A: the answers were B, B, C, C and A. Question 5 was the most often missed: rent you would have paid anyway is not an opportunity cost of college, because you pay it whatever you choose.

Question 6: FC = 100, VC = 4Q + Q², ATC = 100/Q + 4 + Q and MC = 4 + 2Q. Setting P = MC gives 24 = 4 + 2Q, so Q = 10. Revenue is 240 and total cost is 100 + 40 + 100 = 240, so profit is exactly zero: 24 dollars is already the long-run price, the minimum of ATC, reached at Q = 10. Many candidates found Q correctly but forgot the fixed cost when computing profit.

Question 7: MR = 80 - 2Q = 2Q gives Q = 20 and P = 60. The competitive outcome has P = MC: 80 - Q = 2Q, so Q = 26.7 and P = 53.3. The deadweight loss is the triangle between demand and MC from Q = 20 to Q = 26.7: 0.5 × 6.67 × (60 - 40) = 66.7.

Question 8 was the more popular essay. Strong answers drew the marginal private cost and marginal social cost curves, marked the overproduction and the deadweight loss, and noted that the Coase theorem requires well-defined property rights and low bargaining costs, conditions that fail when there are thousands of affected fishers. The best scripts also compared the certainty of price under a tax with the certainty of quantity under a permit scheme.`,
      ],
    },
    {
      slug: 'key-concepts-glossary',
      title: 'Summary: Key Concepts and Glossary',
      description:
        'An alphabetical glossary of the terms used in the course, each with a one-line definition and an example, for revision before the final.',
      kind: 'summary',
      pages: [
        `# Glossary A to L
- Allocative efficiency: resources go to the goods consumers value most; in a market, where price equals marginal cost.
- Comparative advantage: the ability to produce a good at a lower opportunity cost than others; the basis of gains from trade, even for a country that is better at everything.
- Complements: goods used together, such as printers and ink; the cross-price elasticity is negative.
- Consumer surplus: the difference between what buyers are willing to pay and what they actually pay; the area below demand and above price.
- Deadweight loss: total surplus lost when the quantity traded differs from the efficient quantity.
- Diminishing marginal returns: adding more of a variable input to a fixed input eventually raises output by less and less.
- Economies of scale: long-run average cost falls as output grows, for instance because fixed costs are spread over more units.
- Externality: a cost or benefit that falls on people outside a transaction, such as pollution or vaccination.
- Incidence: how the burden of a tax is shared between buyers and sellers, decided by relative elasticities.
- Inferior good: demand falls when income rises.
- Law of demand: other things equal, quantity demanded falls as price rises.`,
        `# Glossary M to Z
- Marginal cost: the additional cost of producing one more unit of output.
- Marginal revenue: the additional revenue from selling one more unit; equal to the price for a price taker, below the price for a monopolist.
- Market failure: a situation where the market outcome is inefficient; causes include externalities, public goods, market power and asymmetric information.
- Moral hazard: behaviour changes after a contract because the other side cannot observe it, for instance driving less carefully once insured.
- Nash equilibrium: no player can gain by changing strategy while the others keep theirs.
- Opportunity cost: the value of the best alternative given up.
- Pigouvian tax: a tax equal to the marginal external cost, which makes a polluter take account of the harm done.
- Price elasticity of demand: percentage change in quantity demanded divided by percentage change in price.
- Producer surplus: the difference between the price received and the minimum price at which sellers would supply.
- Public good: non-rival and non-excludable, such as street lighting or national defence.
- Shutdown rule: in the short run, a firm should stop producing if price falls below average variable cost.
- Substitutes: goods that replace each other, such as butter and margarine; the cross-price elasticity is positive.

Tip: for every term, be ready to draw the matching diagram. Most exam questions ask for the diagram first and the definition second.`,
      ],
    },
  ],
};
