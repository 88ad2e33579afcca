import type { DemoCourse } from './catalogue-types';

export const dataStructuresAndAlgorithms: DemoCourse = {
  slug: 'data-structures-and-algorithms',
  title: 'Data Structures and Algorithms',
  code: 'CS 201',
  description:
    'How to store data so that the operations you need are fast, and how to prove that they are. Covers asymptotic analysis, arrays and linked lists, hash tables, heaps, balanced search trees, sorting and the classic graph algorithms, with weekly programming labs in Python.',
  subjectSlug: 'computer-science',
  institutionSlug: 'lakeside-institute-of-technology',
  published: true,
  documents: [
    {
      slug: 'asymptotic-analysis-and-hash-tables',
      title: 'Lecture Notes: Asymptotic Analysis and Hash Tables',
      description:
        'Big-O, Big-Omega and Big-Theta notation, how to analyse loops, and a detailed look at hash tables: hash functions, chaining, open addressing, load factor and resizing.',
      kind: 'notes',
      pages: [
        `# Measuring running time
We describe the cost of an algorithm as a function of the input size n, counting basic steps such as comparisons, assignments and arithmetic operations. Exact counts depend on the machine and the compiler, so we keep only the growth rate and ignore constant factors and lower-order terms.

## The notation
We write f(n) = O(g(n)) if there are constants c > 0 and n0 such that f(n) <= c·g(n) for all n >= n0. Big-O is an upper bound. Big-Omega is the matching lower bound, f(n) >= c·g(n) from some point on, and f(n) = Theta(g(n)) when both hold. For example, 3n² + 10n + 7 = Theta(n²): for n >= 10 the expression is at most 3n² + n² + n² = 5n², and it is always at least 3n².

The common growth rates, from fastest to slowest algorithm, are O(1), O(log n), O(n), O(n log n), O(n²), O(n³) and O(2^n). The gap matters in practice: with n = 1,000,000, an n log n sort performs about twenty million steps, while a quadratic sort needs a trillion.

## Analysing loops
A single loop over n elements with constant work inside costs O(n). Two nested loops over the same range cost O(n²). A loop that halves its range each time, as in binary search, runs O(log n) times. When a loop's inner bound depends on the outer index, add the costs: the loops "for i in range(n): for j in range(i)" execute 0 + 1 + ... + (n - 1) = n(n - 1)/2 steps, still Theta(n²).`,
        `# Hash tables
A hash table stores key-value pairs in an array of m buckets. A hash function h maps each key to a bucket index between 0 and m - 1. If h spreads keys evenly, insert, lookup and delete all take O(1) expected time, which is why Python's dict, Java's HashMap and the symbol table inside every compiler are hash tables.

## Collisions
Two different keys can hash to the same bucket; by the pigeonhole principle this is unavoidable once there are more possible keys than buckets. There are two main strategies for dealing with it.

- Separate chaining: each bucket holds a linked list (or a small dynamic array) of the entries that hash there. A lookup scans one chain.
- Open addressing: all entries live in the array itself. On a collision we probe other slots in a fixed sequence. Linear probing tries h(k), h(k) + 1, h(k) + 2 and so on; double hashing uses a second hash function to choose the step size.

## Load factor and resizing
The load factor alpha = n / m is the average number of entries per bucket. With chaining, an unsuccessful search costs 1 + alpha expected probes. With linear probing it costs about (1 + 1 / (1 - alpha)²) / 2, which explodes as alpha approaches 1: at alpha = 0.9 that is about fifty probes. Implementations therefore resize when alpha passes a threshold, typically 0.75, allocating an array about twice as large and reinserting every entry.`,
        `# Amortized cost of resizing
A single resize costs O(n), which looks alarming. The trick is to charge this cost to the insertions that made it necessary. If the table doubles each time it fills, then before a resize to capacity 2m there were at least m/2 insertions since the previous resize. Spreading the O(m) copying work over those insertions adds only a constant to each. So a sequence of n insertions costs O(n) in total, and each insertion costs O(1) amortized time. The same argument explains why appending to a dynamic array, such as a Python list, is O(1) amortized.

## Choosing a hash function
A good hash function is fast, deterministic and spreads similar keys far apart. For integer keys, the division method h(k) = k mod m works well when m is a prime not close to a power of two. For strings, polynomial rolling hashes combine the characters as s0·31^(L-1) + s1·31^(L-2) + ... + s(L-1), evaluated with Horner's rule.

## Adversarial input
If an attacker knows your hash function, they can send thousands of keys that all land in one bucket, turning O(1) operations into O(n) and a web server into a denial-of-service victim. Modern languages defend against this with keyed hash functions such as SipHash, seeded randomly at process start.

## Worked example
Insert keys 22, 41, 53, 46, 30, 13 into a table of size 7 with h(k) = k mod 7 and linear probing. The slots used are 1, 6, 4, 5, 2 and finally 0: key 13 hashes to 6, which is taken, so it wraps around to slot 0.`,
      ],
    },
    {
      slug: 'graph-algorithms-bfs-dfs-dijkstra',
      title: 'Slides: Graph Search, Dijkstra and Minimum Spanning Trees',
      description:
        'Lecture slides on representing graphs, breadth-first and depth-first search, topological sorting, Dijkstra’s shortest paths with a binary heap, and the algorithms of Kruskal and Prim.',
      kind: 'slides',
      pages: [
        `# Representing graphs
- A graph G = (V, E) has vertices V and edges E; write n = |V| and m = |E|.
- Adjacency matrix: n by n table of 0s and 1s. Edge test in O(1), but O(n²) memory even for sparse graphs.
- Adjacency list: for each vertex, the list of its neighbours. O(n + m) memory; iterating over neighbours is cheap.
- Road networks and social networks are sparse (m is a small multiple of n), so lists are the default.
- Weighted graphs store a weight with each edge: a distance, a cost, a travel time.
- Directed graphs have one-way edges; a directed acyclic graph (DAG) has no directed cycles.
- Running times in this unit are stated in terms of both n and m.`,
        `# Breadth-first and depth-first search
- BFS explores in layers using a FIFO queue: first the start vertex, then its neighbours, then their neighbours.
- In an unweighted graph, BFS finds shortest paths measured in number of edges.
- DFS goes as deep as possible before backtracking, using recursion or an explicit stack.
- Both run in O(n + m) time with adjacency lists: each vertex and each edge is handled a constant number of times.
- DFS discovery and finish times classify edges as tree, back, forward or cross edges.
- A directed graph has a cycle exactly when DFS finds a back edge.
- Topological sort of a DAG: list vertices in decreasing order of DFS finish time. Used for build systems, course prerequisites and spreadsheet recalculation.`,
        `# Dijkstra's algorithm
- Single-source shortest paths when every edge weight is non-negative.
- Keep a tentative distance d(v) for every vertex: 0 for the source, infinity for the rest.
- Repeatedly extract the unvisited vertex u with the smallest d(u) and relax its outgoing edges: if d(u) + w(u, v) < d(v), lower d(v).
- With a binary heap as priority queue the running time is O((n + m) log n).
- Why negative weights break it: a settled vertex could later be reached more cheaply. Use Bellman-Ford instead, O(nm), which also detects negative cycles.
- Example: edges A-B 4, A-C 1, C-B 2, B-D 1, C-D 5. From A the distances are C = 1, B = 3, D = 4.
- A* search adds a heuristic estimate of the remaining distance and is what route planners use.`,
        `# Minimum spanning trees
- A spanning tree connects all n vertices with n - 1 edges; a minimum spanning tree (MST) has the least total weight.
- Cut property: the lightest edge crossing any cut belongs to some MST. Both greedy algorithms rely on it.
- Kruskal: sort edges by weight and add each edge that does not create a cycle. Use a union-find structure with path compression; O(m log m) overall.
- Prim: grow one tree from a start vertex, always adding the cheapest edge leaving it. With a binary heap, O(m log n).
- Kruskal suits sparse graphs given as edge lists; Prim suits dense graphs stored as matrices.
- Applications: laying cable or pipes at least cost, clustering (stop Kruskal early), approximating the travelling salesman tour within a factor of 2.
- Lab 6 asks you to implement union-find and compare both algorithms on the city road dataset.`,
      ],
    },
    {
      slug: 'problem-sheet-sorting-and-recurrences',
      title: 'Problem Sheet 3: Sorting, Recurrences and Heaps',
      description:
        'Exercises on merge sort, quicksort and heapsort, solving divide-and-conquer recurrences with the master theorem, and binary heap operations, with hints.',
      kind: 'exercises',
      pages: [
        `# Sorting
1. Trace merge sort on the array [38, 27, 43, 3, 9, 82, 10]. Show the array after each merge step, and count the comparisons made in the final merge.
2. Quicksort with the last element as pivot is run on an array that is already sorted. How many comparisons does it make for n elements? Suggest two ways to choose the pivot that avoid this worst case.
3. A sorting algorithm is stable if equal keys keep their original relative order. Which of insertion sort, merge sort, quicksort and heapsort are stable in their usual implementations? Give a small example in which the difference is visible.
4. Prove that any comparison-based sorting algorithm needs Omega(n log n) comparisons in the worst case. Hint: a decision tree that sorts n elements must have at least n! leaves, and log(n!) is at least (n/2) log(n/2).
5. You need to sort one million exam scores, each an integer from 0 to 100. Describe an O(n) algorithm, and explain why it does not contradict the lower bound from question 4.
6. Explain why insertion sort is often faster than merge sort for arrays of fewer than about twenty elements, and how hybrid algorithms such as Timsort take advantage of this.`,
        `# Recurrences
The master theorem: for T(n) = aT(n/b) + f(n) with a >= 1 and b > 1, compare f(n) with n^(log_b a).
If f(n) grows polynomially slower, T(n) = Theta(n^(log_b a)). If they match, T(n) = Theta(n^(log_b a) log n). If f(n) grows polynomially faster and satisfies the regularity condition, T(n) = Theta(f(n)).

7. Solve T(n) = 2T(n/2) + n, the recurrence of merge sort.
8. Solve T(n) = 8T(n/2) + n², the cost of naive recursive matrix multiplication, and T(n) = 7T(n/2) + n², the cost of Strassen's algorithm. By roughly what factor is Strassen faster for n = 4096?
9. Solve T(n) = T(n/2) + 1 and name an algorithm with this recurrence.
10. The master theorem does not apply to T(n) = T(n - 1) + n. Solve it by unrolling the recurrence.
11. Karatsuba multiplies two n-digit numbers with three half-size multiplications plus linear work. Write down the recurrence and solve it.
12. Draw the recursion tree for T(n) = 3T(n/4) + n and use it to explain why the root level dominates the total cost.`,
        `# Heaps and priority queues
13. Insert the keys 15, 7, 22, 3, 9, 1, 18 one by one into an initially empty binary min-heap stored in an array. Show the array after every insertion.
14. Perform two extract-min operations on the heap from question 13, showing each sift-down step.
15. Show that building a heap from n unsorted elements by sifting down from the last internal node to the root takes O(n) time, not O(n log n). Hint: most nodes are near the bottom and move only a short distance.
16. Design a data structure that supports insert in O(log n) and returns the median in O(1). Hint: use two heaps.

## Hints and answers
1. The final merge combines [3, 27, 38, 43] with [9, 10, 82] using six comparisons.
2. n(n - 1)/2 comparisons. Use a random pivot or the median of the first, middle and last elements.
3. Insertion sort and merge sort are stable; quicksort and heapsort are not.
5. Counting sort with 101 counters. It does not compare keys, so the decision-tree bound does not apply.
7. Theta(n log n).
8. Theta(n³) against Theta(n^2.81); for n = 4096 the ratio n^0.19 is about 5.
9. Theta(log n): binary search.
10. Theta(n²).
11. T(n) = 3T(n/2) + n, so Theta(n^1.585).
13. Final array: [1, 7, 3, 15, 9, 22, 18].`,
      ],
    },
    {
      slug: 'final-exam-spring-2024',
      title: 'Final Exam, Spring 2024',
      description:
        'The three-hour final exam covering complexity, hashing, trees, sorting and graph algorithms, including the question on designing an LRU cache.',
      kind: 'exam',
      pages: [
        `# CS 201 Final Examination
Duration: 3 hours. Total: 100 marks. Closed book; one double-sided sheet of handwritten notes is allowed. Write pseudocode or Python; state the running time of every algorithm you design and justify it.

1. (12 marks) Rank the functions n log n, n^1.5, 2^(log n), log(n!), n² / log n and 3^n by asymptotic growth rate, slowest first. Justify any two adjacent pairs in your ranking.
2. (10 marks) A hash table with separate chaining has 1,000 buckets and holds 4,000 keys.
(a) What is the expected length of a chain under simple uniform hashing?
(b) What is the worst-case cost of a lookup, and what input causes it?
(c) The table doubles when the load factor exceeds 4. After how many further insertions will the next resize occur?
3. (14 marks) Insert the keys 10, 20, 30, 40, 50, 25 into an initially empty AVL tree. Draw the tree after every insertion that triggers a rotation, and name the rotation (single left, single right, left-right or right-left).`,
        `# Questions 4 to 6
4. (16 marks) Design an LRU (least recently used) cache with capacity k that supports get(key) and put(key, value) in O(1) time each. When the cache is full, put evicts the least recently used entry.
(a) Describe the data structures you use and how they are linked.
(b) Give pseudocode for both operations.
(c) Explain why a heap keyed on last-access time would not meet the time bound.
5. (18 marks) The flight network of an airline is a directed graph whose edge weights are ticket prices in dollars.
(a) Which algorithm finds the cheapest route from Boston to every other airport? State its running time for n airports and m routes.
(b) A competitor offers negative prices in the form of cashback vouchers on some routes. Which algorithm do you now need, and what does a negative cycle mean for a traveller?
(c) Describe how to find the cheapest route with at most two stopovers.
6. (10 marks) Prove or disprove: if all edge weights of a connected graph are distinct, the graph has exactly one minimum spanning tree.`,
        `# Question 7 and the marking guide
7. (20 marks) You are given the prices of a stock on n consecutive days in an array P.
(a) Give an O(n²) algorithm that finds the maximum profit from buying on one day and selling on a later day.
(b) Improve it to O(n) time and O(1) extra space.
(c) Now allow any number of transactions, but you must sell before buying again. Give an O(n) greedy algorithm and argue that it is optimal.

## Marking guide (released after the exam)
Question 1: the order is 2^(log n) = n, then n log n and log(n!), which are Theta of each other, then n^1.5, then n² / log n, then 3^n. Full marks required noticing that log(n!) = Theta(n log n) by Stirling's approximation.

Question 4: the standard answer is a hash map from keys to nodes of a doubly linked list ordered by recency. get moves the node to the front; put inserts at the front and, when full, removes the node at the back and deletes its key from the map. A heap needs O(log k) per update, which fails the bound.

Question 5: Dijkstra with a binary heap, O((n + m) log n); then Bellman-Ford. A negative cycle means unlimited profit by flying in circles. For at most two stopovers, run three rounds of Bellman-Ford relaxation from Boston.

Question 7(b): track the minimum price so far and the best profit. Question 7(c): sum every positive day-to-day increase.`,
      ],
    },
    {
      slug: 'complexity-cheat-sheet',
      title: 'Summary: Complexity Cheat Sheet',
      description:
        'One place for the running times of every data structure and algorithm in the course, with notes on when to choose which, for revision and for the labs.',
      kind: 'summary',
      pages: [
        `# Data structures at a glance
Times are worst case unless marked expected (exp.) or amortized (am.).

- Dynamic array: index O(1); append O(1) am.; insert or delete in the middle O(n); search O(n), or O(log n) if sorted.
- Singly linked list: insert or delete at the head O(1); access by index O(n); no random access.
- Doubly linked list: O(1) removal of a node you hold a pointer to; the building block of LRU caches.
- Stack and queue: push, pop, enqueue and dequeue in O(1). A queue backed by a circular buffer avoids shifting elements.
- Hash table: insert, lookup and delete O(1) exp.; O(n) worst case; no ordering of keys.
- Binary heap: insert O(log n); find-min O(1); extract-min O(log n); build from an array O(n).
- Binary search tree: O(h) for every operation, where the height h can be n when keys arrive in sorted order.
- Balanced trees (AVL, red-black): O(log n) for search, insert and delete, plus in-order traversal in O(n) to list keys in sorted order.
- Union-find with union by rank and path compression: nearly O(1) am. per operation (inverse Ackermann).
- Trie: insert and search in O(L) for a key of length L, independent of the number of stored keys.`,
        `# Algorithms at a glance
- Binary search on a sorted array: O(log n).
- Insertion sort: O(n²), but O(n) on nearly sorted input; stable and in place.
- Merge sort: O(n log n) always; stable; O(n) extra memory.
- Quicksort: O(n log n) expected, O(n²) worst case; in place; the fastest in practice with a good pivot.
- Heapsort: O(n log n) worst case; in place; not stable.
- Counting sort and radix sort: O(n + k) for integer keys in a range of size k.
- BFS and DFS: O(n + m). Topological sort: O(n + m).
- Dijkstra with a binary heap: O((n + m) log n); non-negative weights only.
- Bellman-Ford: O(nm); handles negative weights and detects negative cycles.
- Floyd-Warshall, all pairs shortest paths: O(n³).
- Kruskal O(m log m); Prim with a heap O(m log n).

# Choosing in practice
Ask first which operations dominate. Many lookups by key and no need for order: a hash table. Need the smallest element again and again: a heap. Need order, ranges or the predecessor of a key: a balanced search tree. Processing tasks with dependencies: topological sort. Shortest routes on a map: Dijkstra, or A* when you have a good distance estimate. Before optimizing, measure: an O(n log n) algorithm with a small constant often beats a cleverer one for the input sizes you actually have.`,
      ],
    },
  ],
};
