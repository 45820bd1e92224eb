package handeval

import (
	"runtime"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/deckforge/deckforge/engine/cards"
)

// Published counts of seven-card hands per category (weakest first).
var sevenCardCounts = [NumCategories]int64{23294460, 58627800, 31433400, 6461620, 6180020, 4047644, 3473184, 224848, 41584}

// TestSevenCardAll evaluates all C(52,7) = 133,784,560 seven-card hands
// with Eval7 and checks the number of hands of each category. The
// enumeration is incremental (only the innermost cards of the array
// change) and spread over the available cores by first card.
func TestSevenCardAll(t *testing.T) {
	t.Parallel()
	e := Default()
	var next atomic.Int32
	var mu sync.Mutex
	var total [NumCategories]int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var counts [NumCategories]int64
			var h [7]cards.Card
			for {
				a := cards.Card(next.Add(1) - 1)
				if a > 52-7 {
					break
				}
				h[0] = a
				for h[1] = a + 1; h[1] < 47; h[1]++ {
					for h[2] = h[1] + 1; h[2] < 48; h[2]++ {
						for h[3] = h[2] + 1; h[3] < 49; h[3]++ {
							for h[4] = h[3] + 1; h[4] < 50; h[4]++ {
								for h[5] = h[4] + 1; h[5] < 51; h[5]++ {
									for h[6] = h[5] + 1; h[6] < 52; h[6]++ {
										counts[e.Eval7(&h)>>CategoryShift&15]++
									}
								}
							}
						}
					}
				}
			}
			mu.Lock()
			for i, n := range counts {
				total[i] += n
			}
			mu.Unlock()
		}()
	}
	wg.Wait()
	var sum int64
	for _, n := range total {
		sum += n
	}
	if sum != 133784560 {
		t.Errorf("%d hands, want 133784560", sum)
	}
	if total != sevenCardCounts {
		t.Errorf("category counts %v, want %v", total, sevenCardCounts)
	}
}
