import type { DemoCourse } from './catalogue-types';

export const databaseSystems: DemoCourse = {
  slug: 'database-systems',
  title: 'Database Systems',
  code: 'CS 340',
  description:
    'How relational databases model, query and protect data. The course covers the relational model and SQL, entity-relationship design and normalization, indexing with B+ trees, query processing, and transactions with concurrency control and recovery.',
  subjectSlug: 'computer-science',
  institutionSlug: 'northbridge-university',
  published: true,
  documents: [
    {
      slug: 'normalization-and-functional-dependencies',
      title: 'Lecture Notes 5: Functional Dependencies and Normalization',
      description:
        'Update anomalies, functional dependencies, keys and closures, and the normal forms 1NF, 2NF, 3NF and BCNF, with a complete decomposition example.',
      kind: 'notes',
      pages: [
        `# 5.1 Why design matters
Consider a single table Enrolment(student_id, student_name, course_code, course_title, lecturer, grade). It works, but it stores each course title and lecturer once per enrolled student. This redundancy causes three kinds of anomaly:
- Update anomaly: changing the lecturer of CS340 requires updating hundreds of rows, and missing one leaves the database contradicting itself.
- Insertion anomaly: a new course cannot be recorded until some student enrols in it.
- Deletion anomaly: if the last student withdraws from a course, the course's title and lecturer disappear too.
Normalization is a systematic way to remove such redundancy by splitting tables, guided by functional dependencies.

## Functional dependencies
A functional dependency X -> Y holds in a relation if any two rows that agree on the attributes X also agree on Y. In the table above, student_id -> student_name and course_code -> course_title, lecturer, and (student_id, course_code) -> grade. Dependencies are statements about the meaning of the data, decided by the designer, not discovered from one sample of rows.

A superkey is a set of attributes that determines all the others; a candidate key is a minimal superkey. Here the only candidate key is (student_id, course_code).`,
        `# 5.2 Closures and Armstrong's axioms
Armstrong's axioms let us derive every dependency implied by a given set F:
- Reflexivity: if Y is a subset of X, then X -> Y.
- Augmentation: if X -> Y, then XZ -> YZ.
- Transitivity: if X -> Y and Y -> Z, then X -> Z.

In practice we compute the attribute closure X+, the set of all attributes determined by X. Start with X, and repeatedly add the right-hand side of any dependency whose left-hand side is already inside the set, until nothing changes. X is a superkey exactly when X+ contains every attribute.

Example: R(A, B, C, D, E) with F = {A -> B, B -> C, CD -> E}. Then {A}+ = {A, B, C}, so A is not a key. {A, D}+ = {A, D, B, C, E}, which is everything, and neither A nor D alone suffices, so AD is a candidate key.

# 5.3 The normal forms
- First normal form (1NF): every attribute holds a single atomic value; no repeating groups.
- Second normal form (2NF): 1NF, and no non-key attribute depends on only part of a candidate key.
- Third normal form (3NF): for every non-trivial dependency X -> A, either X is a superkey or A is part of some candidate key.
- Boyce-Codd normal form (BCNF): for every non-trivial dependency X -> A, X is a superkey.`,
        `# 5.4 Decomposition
To bring a relation into BCNF, find a dependency X -> Y that violates it, and split the relation into R1 = X+ (X together with everything it determines) and R2 = X together with the remaining attributes. Repeat on each part until no violations remain.

For the Enrolment table, student_id -> student_name violates BCNF, giving Student(student_id, student_name). Then course_code -> course_title, lecturer gives Course(course_code, course_title, lecturer). What remains is Enrolment(student_id, course_code, grade), with key (student_id, course_code). All three tables are in BCNF, and every anomaly from 5.1 is gone.

## Lossless joins and dependency preservation
A decomposition is lossless if joining the parts always reconstructs exactly the original relation, with no spurious rows. Splitting on a dependency X -> Y as above is always lossless, because the common attributes X form a key of one part.

BCNF decomposition may fail to preserve dependencies. Classic example: Address(street, city, postcode) with postcode -> city and (street, city) -> postcode. Postcode is not a superkey, so BCNF requires a split, after which the dependency (street, city) -> postcode can no longer be checked within a single table. 3NF always allows a lossless, dependency-preserving design, which is why practical designers often stop at 3NF. Deliberate denormalization is sometimes chosen for read performance, but it should be a documented decision, not an accident.`,
      ],
    },
    {
      slug: 'sql-and-query-processing-slides',
      title: 'Slides: SQL Joins, Indexes and Query Plans',
      description:
        'Lecture slides on inner and outer joins, grouping and aggregation, B+ tree and hash indexes, and how a query optimizer chooses between a sequential scan, an index scan and different join algorithms.',
      kind: 'slides',
      pages: [
        `# Joins and aggregation
- INNER JOIN keeps only matching pairs: SELECT s.name, e.grade FROM student s JOIN enrolment e ON e.student_id = s.id.
- LEFT OUTER JOIN also keeps unmatched rows from the left table, filling the right side with NULL: use it to find students with no enrolments (WHERE e.student_id IS NULL).
- GROUP BY collapses rows into groups; aggregates COUNT, SUM, AVG, MIN and MAX summarize each group.
- WHERE filters rows before grouping; HAVING filters groups after aggregation.
- Example: courses with more than 100 students: SELECT course_code, COUNT(*) FROM enrolment GROUP BY course_code HAVING COUNT(*) > 100.
- NULL is not a value: NULL = NULL is unknown, so use IS NULL. COUNT(column) skips NULLs, COUNT(*) does not.
- Window functions, such as RANK() OVER (PARTITION BY course_code ORDER BY grade DESC), rank rows without collapsing them.`,
        `# Indexes
- Without an index, finding rows means a sequential scan of every page of the table.
- B+ tree index: a balanced tree with a high fan-out (hundreds of keys per node), so even a billion rows need only 4 or 5 levels.
- Leaves are linked, so range queries (WHERE price BETWEEN 10 AND 20) and ORDER BY can walk the leaves in order.
- Hash index: equality lookups only, no ranges.
- Composite index on (last_name, first_name) helps queries on last_name alone, but not on first_name alone: the leftmost prefix rule.
- Clustered index: the table itself is stored in key order; at most one per table.
- Every index speeds up reads and slows down writes, since each INSERT, UPDATE and DELETE must maintain it.
- Low-selectivity columns (such as a boolean) rarely benefit from a B+ tree index.`,
        `# The query optimizer
- SQL says what to compute; the optimizer chooses how, by estimating the cost of alternative plans.
- Estimates rely on statistics: table sizes, distinct values and histograms of column distributions. Stale statistics cause bad plans.
- Selection: an index scan wins when few rows match; a sequential scan wins when many do, because it reads pages in order.
- Nested loop join: good when the outer input is small and the inner has an index on the join column.
- Hash join: build a hash table on the smaller input, probe it with the larger. Excellent for large equality joins.
- Sort-merge join: sort both inputs on the join key, then merge; useful when inputs are already sorted.
- Join order matters enormously: dynamic programming over join orders is the classic System R approach.
- Read the plan with EXPLAIN ANALYZE in PostgreSQL and compare estimated with actual row counts.`,
      ],
    },
    {
      slug: 'sql-exercises-university-schema',
      title: 'Exercise Sheet 2: Writing SQL Queries',
      description:
        'Practice queries against a small university schema: selection, joins, grouping, subqueries and window functions, with model solutions.',
      kind: 'exercises',
      pages: [
        `# The schema
All exercises use the following tables. Primary keys are listed first.
- student(id, name, year, department)
- course(code, title, credits, department)
- enrolment(student_id, course_code, term, grade), where grade is a number from 0 to 100
- lecturer(id, name, department)
- teaches(lecturer_id, course_code, term)

Write each query in standard SQL. Where several formulations are possible, try at least two and compare their execution plans in PostgreSQL with EXPLAIN.

1. List the names of all third-year students in the Physics department, alphabetically.
2. For each course, show its code, title and the number of students enrolled in term 2024-1, including courses with no enrolments.
3. Find the students who have taken every course offered by the Mathematics department. (This is relational division; consider a double NOT EXISTS.)
4. Find the average grade of each department's students, but only for departments with at least 50 students.
5. List the courses in which the highest grade is more than 30 points above the average grade for that course.
6. For each student, show their best grade and the course in which they achieved it. If there is a tie, show all tied courses.
7. Find pairs of lecturers who have taught the same course in the same term. Each pair should appear only once.`,
        `# More advanced queries
8. Using a window function, rank the students in each course by grade, and show only the top three of each course.
9. Using a recursive common table expression, and a table prerequisite(course_code, requires_code), list every course that must be completed, directly or indirectly, before CS340.
10. Explain why the query SELECT name FROM student WHERE id NOT IN (SELECT student_id FROM enrolment) can return no rows at all if enrolment.student_id contains a NULL. Rewrite it with NOT EXISTS.
11. Write a query that returns the number of enrolments per term as a running total.

## Model solutions
2. SELECT c.code, c.title, COUNT(e.student_id) FROM course c LEFT JOIN enrolment e ON e.course_code = c.code AND e.term = '2024-1' GROUP BY c.code, c.title. The term condition belongs in the ON clause; placing it in WHERE would discard the courses without enrolments.
3. SELECT s.name FROM student s WHERE NOT EXISTS (SELECT 1 FROM course c WHERE c.department = 'Mathematics' AND NOT EXISTS (SELECT 1 FROM enrolment e WHERE e.student_id = s.id AND e.course_code = c.code)). Read it as: there is no Mathematics course that this student has not taken.
8. Wrap SELECT student_id, course_code, grade, RANK() OVER (PARTITION BY course_code ORDER BY grade DESC) AS r FROM enrolment in a subquery and keep the rows with r <= 3.
10. x NOT IN (..., NULL) is never true, because comparing x with NULL yields unknown. NOT EXISTS does not have this problem.`,
      ],
    },
    {
      slug: 'exam-transactions-and-concurrency',
      title: 'Past Exam: Transactions, Concurrency and Recovery (2023)',
      description:
        'The second-half exam on ACID transactions, serializability, two-phase locking, deadlocks, isolation levels and write-ahead logging, with model answers.',
      kind: 'exam',
      pages: [
        `# CS 340 Examination, Part B
Time: 90 minutes. Answer all four questions. Marks are shown in brackets; total 50.

1. (10 marks) Explain each of the ACID properties of a transaction, and give for each one a concrete example of what could go wrong in a banking application without it.
2. (14 marks) Consider the schedule S: r1(A), r2(A), w1(A), r2(B), w2(A), w1(B), c1, c2, where ri and wi denote reads and writes by transaction Ti and ci its commit.
(a) Draw the precedence (conflict) graph of S.
(b) Is S conflict-serializable? If so, give an equivalent serial order; if not, explain why.
(c) Could S have been produced by strict two-phase locking? Justify your answer.
3. (12 marks) Two transactions each transfer money between accounts X and Y, but in opposite directions, and both use two-phase locking.
(a) Show how a deadlock can occur.
(b) Describe the wait-for graph and how the database detects the deadlock.
(c) Compare deadlock detection with the wait-die prevention scheme.
4. (14 marks) A database uses write-ahead logging with the ARIES recovery algorithm. The system crashes after transaction T1 has committed, while T2 is still active, and some of the pages changed by both were not yet written to disk.
(a) State the write-ahead logging rule and explain why it is needed.
(b) Describe the analysis, redo and undo phases of recovery, and what happens to the changes of T1 and of T2.`,
        `# Model answers
1. Atomicity: a transfer debits one account and must credit the other; a crash in between must not lose the money. Consistency: constraints such as "balances are never negative" hold before and after each transaction. Isolation: two concurrent withdrawals must not both read the same balance and overwrite each other's update, the lost update problem. Durability: once the customer is told the transfer succeeded, a power failure must not undo it.

2. The conflicts are r2(A) before w1(A), giving T2 -> T1; w1(A) before w2(A), giving T1 -> T2; and r2(B) before w1(B), giving T2 -> T1. The graph has the cycle T1 -> T2 -> T1, so S is not conflict-serializable. It cannot come from strict 2PL, which only produces conflict-serializable schedules: T1 could not write A while T2 held a shared lock on it.

3. T1 locks X and requests Y while T2 locks Y and requests X; each waits for the other forever. The wait-for graph has an edge Ti -> Tj when Ti waits for a lock held by Tj, and a cycle means deadlock; the system aborts a victim, typically the youngest or cheapest transaction. Wait-die never allows a cycle: an older transaction may wait for a younger one, but a younger one requesting a lock held by an older one is aborted and restarted with its original timestamp, so it eventually becomes old enough to wait. Prevention aborts more transactions unnecessarily; detection has the cost of maintaining and searching the graph.

4. A log record describing a change must reach stable storage before the changed page does, and all of a transaction's log records must be on disk before it commits. Recovery first analyses the log from the last checkpoint, then redoes all logged changes, repeating history, and finally undoes the changes of transactions that were active at the crash. T1's changes survive; T2's are rolled back.`,
      ],
    },
    {
      slug: 'database-systems-revision-notes',
      title: 'Summary: Revision Notes for the Final',
      description:
        'Compact revision notes covering the whole course: the relational model, SQL, design and normalization, storage and indexing, query processing and transactions.',
      kind: 'summary',
      pages: [
        `# Model, SQL and design
- A relation is a set of tuples with the same attributes; order of rows and columns carries no meaning.
- Keys: a superkey determines all attributes; a candidate key is a minimal superkey; the primary key is the chosen candidate key; a foreign key refers to a key of another relation and enforces referential integrity.
- Relational algebra: selection, projection, join, union, difference and rename. SQL is declarative, and its semantics use bags, not sets, unless you write DISTINCT.
- Three-valued logic: comparisons with NULL are unknown; WHERE keeps only rows that are true.
- ER modelling: entities become tables; one-to-many relationships become a foreign key on the "many" side; many-to-many relationships become a separate table whose key combines both foreign keys.
- Weak entities borrow part of their key from their owner, for example a room number within a building.
- Normal forms: 1NF atomic values; 2NF no partial dependencies on a key; 3NF no transitive dependencies of non-key attributes; BCNF every determinant is a superkey.
- Compute the attribute closure to test whether a set of attributes is a key.
- BCNF decomposition is lossless but may lose dependencies; 3NF synthesis preserves them.`,
        `# Storage, queries and transactions
- Data lives in fixed-size pages, typically 8 KB; disk and network I/O dominate query cost, so count page reads.
- B+ trees: balanced, high fan-out, linked leaves; supports equality and ranges in O(log n) page reads. Hash indexes: equality only.
- An index helps selective queries; a sequential scan is better when a large fraction of rows match.
- Join algorithms: nested loop (with an index on the inner), hash join (large equality joins), sort-merge (sorted inputs, ranges).
- The optimizer estimates cardinalities from statistics and chooses the cheapest plan. Use EXPLAIN to inspect it.
- ACID: atomicity, consistency, isolation, durability.
- Anomalies: dirty read, non-repeatable read, phantom read, lost update, write skew.
- Isolation levels: READ COMMITTED prevents dirty reads; REPEATABLE READ also non-repeatable reads; SERIALIZABLE behaves as if transactions ran one at a time.
- Two-phase locking: a growing phase acquiring locks, then a shrinking phase releasing them; strict 2PL holds write locks until commit, avoiding cascading aborts.
- MVCC (as in PostgreSQL): readers see a snapshot and never block writers.
- Recovery: write-ahead logging; ARIES analyses, redoes history and undoes the losers; checkpoints bound recovery time.

Exam tip: when asked whether a schedule is serializable, always draw the precedence graph and look for a cycle.`,
      ],
    },
  ],
};
