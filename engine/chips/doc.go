// Package chips holds Chips, an exact fixed-point chip amount.
//
// A chip amount is stored as an integer count of hundredths of a chip, so
// 75.25 chips is Chips(7525). Real hand histories use cents, a pot may split
// into halves (10112.5), and a table may hold 75.25: floats would lose these,
// integers of hundredths do not. Arithmetic is plain integer arithmetic.
package chips
