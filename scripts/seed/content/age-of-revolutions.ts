import type { DemoCourse } from './catalogue-types';

export const ageOfRevolutions: DemoCourse = {
  slug: 'age-of-revolutions',
  title: 'The Age of Revolutions, 1760–1848',
  code: 'HIST 230',
  description:
    'Revolution in the Atlantic world from the American colonies to the barricades of 1848, with the French Revolution at its centre. Students read primary sources such as the Declaration of the Rights of Man and Sieyès’s pamphlet on the Third Estate alongside the major historical interpretations.',
  subjectSlug: 'history',
  institutionSlug: 'northbridge-university',
  published: true,
  documents: [
    {
      slug: 'origins-of-the-french-revolution',
      title: 'Lecture Notes 4: The Origins of the French Revolution',
      description:
        'The fiscal crisis of the monarchy, the society of orders, Enlightenment ideas and the events of 1789 from the Estates-General to the October Days, with the main historiographical debates.',
      kind: 'notes',
      pages: [
        `# 4.1 A monarchy without money
By the 1780s the French crown was close to bankruptcy. The Seven Years' War (1756-1763) and, above all, French support for the American Revolution had been financed by borrowing, and by 1788 interest payments consumed around half of royal expenditure. The problem was not that France was poor, but that the state could not tax its wealth. The nobility and the clergy were largely exempt from the main direct tax, the taille, and the provincial courts known as parlements resisted every reform as an attack on ancient liberties.

Successive finance ministers tried and failed. Jacques Necker published the Compte rendu of 1781, a reassuring but misleading account of royal finances. Charles-Alexandre de Calonne proposed a universal land tax in 1786, and when an Assembly of Notables refused to approve it in 1787, the crown was trapped. In August 1788 Louis XVI suspended payments from the treasury and agreed to summon the Estates-General, which had not met since 1614.

The harvest of 1788 was disastrous. By the spring of 1789 the price of bread in Paris had risen to take more than half the daily wage of a labourer, and the political crisis unfolded against a background of hunger and riots.`,
        `# 4.2 The society of orders and the Third Estate
French society was formally divided into three estates: the clergy, the nobility, and everyone else, the Third Estate, which included about 97% of the population, from wealthy bankers to landless peasants. The question that dominated the winter of 1788-89 was how the Estates-General would vote: by order, giving the two privileged estates a permanent majority, or by head, in which case the Third Estate, granted double representation in December 1788, would prevail.

In January 1789 the abbé Sieyès published the most influential pamphlet of the Revolution, What is the Third Estate? His answer: "Everything. What has it been until now in the political order? Nothing. What does it ask? To become something." Sieyès argued that the Third Estate alone was the nation, and that privilege made the nobility a foreign body within it.

The elections also produced the cahiers de doléances, some 60,000 lists of grievances drawn up by parishes, guilds and assemblies across France. Historians read them as an extraordinary snapshot of opinion. Most were loyal to the king but demanded regular meetings of the Estates-General, consent to taxation, an end to fiscal privilege and the reform of seigneurial dues.`,
        `# 4.3 1789: from Estates-General to National Assembly
The Estates-General opened at Versailles on 5 May 1789 and immediately deadlocked over voting. On 17 June the Third Estate declared itself the National Assembly. Locked out of its hall three days later, it met in a nearby indoor tennis court and swore not to separate until France had a constitution: the Tennis Court Oath of 20 June.

The king's concentration of troops around Paris and his dismissal of Necker on 11 July provoked an insurrection in the capital. On 14 July crowds seeking gunpowder stormed the Bastille, a royal fortress and prison. In the countryside, rumours of aristocratic plots set off the Great Fear of late July, as peasants attacked chateaux and burned the records of feudal dues.

The Assembly responded on the night of 4 August by abolishing feudal privileges, and on 26 August it adopted the Declaration of the Rights of Man and of the Citizen, which proclaimed that men are born and remain free and equal in rights and that sovereignty resides in the nation. In the October Days a crowd of Parisian women marched to Versailles and brought the royal family back to Paris.

## Interpretations
Marxist historians such as Georges Lefebvre saw a bourgeois revolution against feudalism. Revisionists, beginning with Alfred Cobban and later François Furet, stressed political culture and the contingency of events. Today most historians combine social, political and cultural explanations.`,
      ],
    },
    {
      slug: 'the-terror-and-napoleon-slides',
      title: 'Slides: Republic, Terror and Napoleon, 1792–1815',
      description:
        'Lecture slides on the fall of the monarchy, the Jacobins and the Terror, Thermidor and the Directory, and Napoleon’s rise, reforms and defeat.',
      kind: 'slides',
      pages: [
        `# From constitutional monarchy to republic
- 1791: Constitution of 1791 creates a constitutional monarchy with a single elected Legislative Assembly.
- June 1791: the royal family's flight to Varennes destroys trust in Louis XVI.
- April 1792: France declares war on Austria; early defeats radicalize Paris.
- 10 August 1792: the sans-culottes and National Guards storm the Tuileries palace; the monarchy is suspended.
- September 1792: prison massacres in Paris kill over 1,100 prisoners; the new National Convention proclaims the Republic.
- Valmy, 20 September 1792: the first victory of the revolutionary armies, which Goethe said opened a new epoch of world history.
- January 1793: Louis XVI tried by the Convention and executed.
- Discussion point: was the Republic the goal of 1789, or an improvised answer to a king who could no longer be trusted?`,
        `# The Terror, 1793–1794
- Crisis of 1793: foreign war, the revolt in the Vendée, federalist uprisings, food shortages.
- The Committee of Public Safety, dominated by Robespierre, Saint-Just and Couthon, becomes the real government.
- Law of Suspects, September 1793: anyone could be arrested for lacking civic virtue.
- The Revolutionary Tribunal sends about 17,000 people to the guillotine; perhaps 40,000 die in total, many in the Vendée.
- The Maximum fixes prices of grain and other essentials.
- Dechristianization: the revolutionary calendar, the Cult of the Supreme Being.
- Robespierre: "Terror is nothing other than justice, prompt, severe, inflexible."
- 9 Thermidor (27 July 1794): Robespierre is overthrown and executed the next day.
- Afterwards the Jacobin club is closed, the Maximum abolished, and a White Terror targets former militants.`,
        `# Napoleon Bonaparte
- The Directory (1795-1799): a weak executive of five directors, propped up by the army.
- Coup of 18 Brumaire (9 November 1799): Bonaparte becomes First Consul.
- Concordat of 1801 reconciles the state with the Catholic Church.
- The Civil Code of 1804: equality before the law, property rights, but the subordination of wives to husbands. It still shapes law across Europe and Latin America.
- Crowned Emperor in December 1804; victories at Austerlitz (1805) and Jena (1806).
- Continental System blockades British trade; the Peninsular War drains the army from 1808.
- The Russian campaign of 1812: over 400,000 soldiers lost.
- Defeated at Leipzig (1813), exiled to Elba, returns for the Hundred Days, and is finally beaten at Waterloo in June 1815.
- He dies in exile on Saint Helena in 1821.`,
      ],
    },
    {
      slug: 'source-analysis-exercises',
      title: 'Seminar Exercises: Reading Revolutionary Sources',
      description:
        'Guided exercises in analysing primary sources from the American and French Revolutions, including the Declaration of Independence, the Declaration of the Rights of Man and Olympe de Gouges.',
      kind: 'exercises',
      pages: [
        `# How to analyse a primary source
For every source in this seminar, work through the same questions before you discuss its meaning:
- Author: who wrote it, and what was their position at the time?
- Date and context: what had just happened, and what did the author know?
- Audience: who was meant to read or hear it, and what did the author want them to do?
- Purpose and genre: is it a law, a pamphlet, a private letter, a speech, a petition?
- Language: which words carry the argument, and which are avoided?
- Significance: what does it reveal that other sources do not, and what are its limits?

Write no more than 300 words for each exercise. Quote briefly and precisely; a good quotation is rarely longer than a line.

1. The Declaration of Independence (4 July 1776) asserts that "all men are created equal" and lists grievances against George III. Compare the two halves of the document. Why did Jefferson need both a statement of universal principles and a list of specific complaints?
2. Consider the list of grievances in question 1. Which of them would a merchant in Boston have felt most strongly, and which a planter in Virginia?`,
        `# Exercises on the French Revolution
3. Read articles 1, 3, 6 and 17 of the Declaration of the Rights of Man and of the Citizen (August 1789). Article 17 calls property "an inviolable and sacred right". What does the prominence of property suggest about the priorities of the deputies of 1789?
4. Olympe de Gouges published the Declaration of the Rights of Woman and of the Female Citizen in 1791, rewriting the 1789 text article by article. Identify three changes she made and explain the argument they carry. What does her execution in 1793 suggest about the limits of revolutionary equality?
5. Compare the cahier of the Third Estate of a small rural parish with that of the nobility of the same district (both provided in the seminar pack). On which issues do they agree? Where do they clearly disagree?
6. The slave revolt in Saint-Domingue began in August 1791. Read the extract from Toussaint Louverture's proclamation of 29 August 1793. How does he use the language of liberty and equality, and to whom is he speaking?
7. Read Edmund Burke's Reflections on the Revolution in France (1790), pages 85 to 90 of the seminar pack. What does Burke fear, and how does he defend tradition and "prejudice"?

Prepare questions 3 and 4 for week 6, and questions 5 to 7 for week 7.`,
        `# Model answer for exercise 3
The following answer received a first-class mark last year. Read it after you have written your own.

The Declaration of the Rights of Man was drafted in a few days in August 1789 by deputies who were mostly lawyers, officials and property owners. Article 1 proclaims that "men are born and remain free and equal in rights", yet immediately adds that social distinctions may be founded on "common utility". Article 6 opens public office to all citizens "according to their capacity", a phrase that rewards talent and education rather than birth, the central demand of Sieyès and the professional men of the Third Estate.

Article 17, the last, returns to property and calls it "inviolable and sacred", language normally reserved for religion. Placing it at the end gives it the force of a conclusion. For deputies who had abolished feudal dues only weeks earlier, this was reassurance: the Revolution would end privilege, not ownership, and compensation would be paid where property was taken.

The text is therefore both universal and limited. Its principles were later claimed by women, by free people of colour and by the enslaved of Saint-Domingue, groups the deputies had not intended to include. Its significance lies as much in these later uses as in the intentions of its authors.

Examiner's comment: precise quotation, attention to placement and wording, and a final paragraph that moves from intention to reception.`,
      ],
    },
    {
      slug: 'final-exam-essay-paper-2023',
      title: 'Final Examination: Essay Paper, 2023',
      description:
        'The three-hour essay paper with ten questions on the Atlantic revolutions, of which candidates answer three, followed by the examiners’ report on what distinguished the best answers.',
      kind: 'exam',
      pages: [
        `# HIST 230 Final Examination
Time: 3 hours. Answer THREE questions, at least one from each section. Each question carries equal marks. Credit is given for argument, use of evidence, and engagement with historical interpretations.

## Section A: the American and French Revolutions
1. "The American Revolution was a conservative revolution." Discuss.
2. Why did the fiscal crisis of the French monarchy become a political revolution in 1789?
3. How far was the Terror a response to circumstances, and how far the product of revolutionary ideology?
4. Assess the role of the Parisian crowd in the French Revolution between 1789 and 1795.
5. To what extent did women benefit from the French Revolution?

## Section B: the wider Age of Revolutions
6. Why did the revolution in Saint-Domingue succeed in creating an independent state, when other slave revolts of the period failed?
7. Did Napoleon preserve or betray the Revolution?
8. Compare the causes of the Spanish American wars of independence with those of the American Revolution.
9. Why did the revolutions of 1848 spread so rapidly across Europe, and why did most of them fail?
10. "An age of democratic revolution" (R. R. Palmer). Is this a useful description of the years 1760 to 1848?`,
        `# Examiners' report
Scripts were generally of a good standard, and the answers to questions 2, 3 and 7 were the most popular. The following comments are intended to help future candidates.

Question 2. Weaker answers listed causes (debt, the harvest, Enlightenment ideas, the American example) without ranking them or showing how one led to another. The best answers explained the mechanism: the crown's inability to tax privilege forced it to consult the nation, the dispute over voting by order or by head turned a fiscal question into a constitutional one, and the events of June and July 1789 made compromise impossible.

Question 3. Many candidates set "circumstances" against "ideology" as if one had to win. Stronger scripts showed how war and civil war created the conditions in which Rousseauian ideas of the general will and of virtue could justify extraordinary measures, and they noted that the Terror intensified in the spring of 1794, after the military situation had improved: a telling point against purely circumstantial explanations.

Question 7. Good answers defined which parts of the Revolution they meant: legal equality, careers open to talent and the sale of church lands were consolidated; political liberty, a free press and elected government were not. Several excellent scripts discussed the reintroduction of slavery in the French colonies in 1802.

Question 6 was answered by few candidates, but those who attempted it often wrote the best essays on the paper, drawing on C. L. R. James and Laurent Dubois.`,
      ],
    },
    {
      slug: 'timeline-and-key-figures',
      title: 'Timeline and Key Figures, 1763–1848',
      description:
        'A reference timeline of the Atlantic revolutions and a who’s who of the people discussed in lectures, for use in seminars and revision.',
      kind: 'other',
      pages: [
        `# Timeline
- 1763: Treaty of Paris ends the Seven Years' War; Britain gains Canada but faces heavy debts.
- 1765: the Stamp Act provokes protest in the American colonies under the slogan "no taxation without representation".
- 1773: the Boston Tea Party.
- 1776: the Declaration of Independence, 4 July.
- 1783: the Treaty of Paris recognizes the independence of the United States.
- 1787: the US Constitution is drafted in Philadelphia.
- 1789: Estates-General meets (May); Tennis Court Oath (June); fall of the Bastille (14 July); Declaration of the Rights of Man (August).
- 1791: flight to Varennes; the slave revolt begins in Saint-Domingue.
- 1792: war with Austria; the monarchy falls (10 August); the Republic is proclaimed.
- 1793: execution of Louis XVI (21 January); the Terror begins.
- 1794: the Convention abolishes slavery in the French colonies (February); fall of Robespierre (July).
- 1799: Bonaparte's coup of 18 Brumaire.
- 1804: Haiti declares independence (1 January); Napoleon crowned Emperor (December).
- 1810-1825: the wars of independence in Spanish America.
- 1815: Waterloo; the Congress of Vienna redraws the map of Europe.
- 1830: the July Revolution in France; Belgian independence.
- 1848: revolutions in Paris, Vienna, Berlin, Milan, Budapest and beyond; the Communist Manifesto is published.`,
        `# Key figures
- Louis XVI (1754-1793): King of France from 1774; indecisive reformer, executed in January 1793.
- Marie Antoinette (1755-1793): Queen of France, born an Austrian archduchess; a target of pamphlet attacks; guillotined in October 1793.
- Emmanuel-Joseph Sieyès (1748-1836): clergyman and author of What is the Third Estate?; later helped to organize Bonaparte's coup.
- Honoré-Gabriel de Mirabeau (1749-1791): noble who sat for the Third Estate; the great orator of 1789, secretly advising the king by 1790.
- Maximilien Robespierre (1758-1794): lawyer from Arras, leading Jacobin and member of the Committee of Public Safety; executed after 9 Thermidor.
- Georges Danton (1759-1794): orator of the Cordeliers club and minister of justice in 1792; guillotined after calling for an end to the Terror.
- Olympe de Gouges (1748-1793): playwright and author of the Declaration of the Rights of Woman; executed as a Girondin sympathizer.
- Toussaint Louverture (1743-1803): formerly enslaved leader of the revolution in Saint-Domingue; died in a French prison.
- Simón Bolívar (1783-1830): leader of independence in much of northern South America.
- Edmund Burke (1729-1797) and Thomas Paine (1737-1809): opponents in the great British debate on the Revolution.`,
      ],
    },
  ],
};
