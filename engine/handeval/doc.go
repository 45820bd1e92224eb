// Package handeval evaluates poker hands: the best five-card hand among 5,
// 6 or 7 cards, and the best Omaha hand (exactly two hole cards with
// exactly three board cards).
//
// # Results
//
// An evaluation returns a Strength: a higher strength beats a lower one
// and equal hands have equal strengths, whatever their suits. There are
// 7,462 distinct five-card hands; a strength is
//
//	s = category<<CategoryShift | i,   1 ≤ i ≤ n(category)
//
// where i ranks the hand among the n(category) distinct hands of its
// Category (1,277 high-card, 2,860 one-pair, 858 two-pair, 858
// three-of-a-kind, 10 straight, 1,277 flush, 156 full-house, 156
// four-of-a-kind and 10 straight-flush hands), so s.Category() is
// s >> CategoryShift. Best and BestOmaha also return the five cards,
// in display order; they try every five-card subset and are slower.
//
// Cards are cards.Card values 0..51 (rank*4 + suit, rank 0 the deuce). The
// evaluators take distinct standard cards and do not check them (Check
// does): any other input gives an unspecified strength, never a panic,
// except a wrong number of cards, which is a programming error and panics.
// The fixed-size forms Eval5, Eval6 and Eval7 take array pointers, so
// nothing escapes and an evaluation allocates nothing. A Sum holds a hand
// as the sums the evaluation reads (its keys and rank bits, both added
// card by card), so hands that share cards, such as two players' hands on
// one board and runout, add the shared cards once; EvalSum rates it as
// EvalN rates the same cards.
//
// # Method
//
// Each card has a 64-bit key, the rank key k(rank) shifted left by 32 plus
// 1<<(4·suit). The sum of a hand's keys
//
//	S = Σ k(rank_j)<<32 + Σ 1<<(4·suit_j)
//
// holds the sum of its rank keys above and a 4-bit card count per suit
// below. The rank keys
//
//	k = 0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181
//
// are the greedy smallest integers for which two different multisets of
// the same number of ranks (at most seven cards, at most four of a rank)
// always have different sums, so the upper half of S identifies the hand's
// ranks. Adding 3 to every suit count (S + 0x3333) sets bit 3 of a count
// exactly when that suit has five or more cards, so
//
//	flush = (S + 0x3333) & 0x8888 ≠ 0.
//
// For a flush (at most one suit can have five of seven cards, and then no
// full house or four of a kind is possible) the cards are passed over again
// to OR together bit 16·suit + rank of each card; the 13 bits of the flush
// suit index a table of the best straight flush or flush for every rank
// mask (8,192 entries). Otherwise the rank-key sum K = S >> 32 goes through
// a perfect hash ("hash and displace"):
//
//	h = K · m  (mod 2^64)
//	slot = (⌊h / 2^32⌋ + d[⌊h / 2^(64−r)⌋])  mod 2^t
//
// with one multiplier m, 2^r displacements d and 2^t slots per hand size:
// r = 13 and t = 16 for seven cards (49,205 rank multisets, 75% of the
// slots used), r = 12 and t = 15 for six (18,395), r = 11 and t = 13 for
// five (6,175). New finds m by trying a fixed pseudo-random sequence until
// the placement (largest displacement rows first, each at the smallest
// displacement that fits) succeeds, so the tables are the same on every
// run. A seven-card evaluation is thus seven key reads and additions, one
// multiplication, a displacement read (from 16 KiB) and a slot read (from
// 128 KiB), without bounds checks: cards index 256-entry arrays and a
// uint16 slot indexes the 65,536-slot table.
//
// Omaha sums the keys of every hole pair and every board triple once and
// looks each of the C(h,2)·C(b,3) five-card sums up in the five-card
// tables (60 lookups for four hole cards and a full board).
//
// # Tables and concurrency
//
// All tables live inside one Evaluator value of 256 KiB (the largest, 128
// KiB, is the seven-card slot table); building them takes about 18 ms and
// 3.2 MB of short-lived memory (BenchmarkNew, below). New returns a fresh
// Evaluator and Default one built on first use through sync.OnceValue;
// neither is ever modified after it is built, so either may be shared by
// any number of goroutines. There is no other package state.
//
// The tables are a value rather than package-level arrays because that is
// also the fastest layout: the hot path reaches every table at a constant
// offset from the one receiver pointer, and Eval7 compiles to a leaf
// function with no stack frame and no bounds check.
//
// # Speed
//
// Measured with go test -bench . -cpu 1 on one core of a 2-core Intel
// Xeon (Emerald Rapids, 2 MiB L2 per core) at a quiet moment; while other
// jobs load the machine every figure gets up to three times slower. The
// random benchmarks cycle through 2^20 hands dealt at random beforehand:
//
//	BenchmarkEval7Random            4.9 ns/op   205 million evals/s   0 allocs/op
//	BenchmarkEval7Sequential        3.3–4.2 ns  240–300 million evals/s (all C(52,7) hands in order)
//	BenchmarkEval6Random            4.0 ns/op   250 million evals/s
//	BenchmarkEval5Random            3.3–3.6 ns  280–300 million evals/s
//	BenchmarkEvalNRandom            5.3 ns/op   (7 cards through the slice form)
//	BenchmarkOmahaRandom            135 ns/op   (4 hole cards, 5 board cards)
//	BenchmarkBest7                  600 ns/op   (21 five-card subsets)
//	BenchmarkNew                    17.5 ms/op  (3.2 MB allocated)
//	BenchmarkPaulhankinEval7Random  66 ns/op    15 million evals/s
//
// The last is github.com/paulhankin/poker/v2 v2.0.8 (Eval7), a test-only
// dependency, on the same hands, about 13 times slower; it also serves as
// an independent check that both order random hands alike.
package handeval
