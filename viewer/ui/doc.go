// Package ui is the replay viewer: it draws the table of a replay with
// Ebiten, runs in a browser compiled to WebAssembly, and lets a person or a
// test walk through the hands.
//
// # What builds where
//
// The files that import Ebiten (the drawing, the game loop and the page's
// JavaScript API) build for js/wasm only; the rest builds everywhere and is
// tested without a browser: Player (the replay, the position, playing and
// its speed, the keys and clicks), View (the table at one step, copied out
// for drawing, with the badges of sitting-out seats), Anim (the seats'
// transitions) and the layout. Open reads a replay or a PHH file.
//
// # The table
//
// The virtual canvas is Width × Height units, fitted into the page keeping
// its proportions (Fit: s = min(w/Width, h/Height), centered). Seat i of n
// sits on the ellipse SeatRing at the angle
//
//	θ_i = π/2 + 2π·i/n
//
// (y pointing down: seat 0 at the bottom, the next ones clockwise, as the
// button moves). Each seat shows its hole cards above its box (face down
// unless public or "show all" is on), the name, the stack (or the score and
// tricks of a card game) and its last action, and under it its badges: the
// sitting-out status (Badge: "sitting out — waits for big blind", "coming
// back — pays dead blinds", …), the dead blinds owed ("owes 1.5 in dead
// blinds") and "disconnected". The acting seat is framed in gold, a winner
// in green; the dealer button sits beside its seat. The board and the pots
// (main and side pots) are in the middle; a card game shows its piles and
// the current trick instead. The action log on the right describes the
// hand's events up to the current step, sitting in and out in amber, dead
// blinds in red.
//
// A seat that sits out turns grey over AnimDuration seconds; a player who
// joins grows in, ringed in blue; one who leaves fades to LeftPresence until
// the next hand. Transitions follow the clock, not the frame count, and the
// screen is drawn again only when something changed.
//
// # Controls
//
// The buttons at the bottom go to the previous hand, back one step,
// play or pause, forward one step, to the next hand, halve or double the
// speed (2^level steps per second, 2 by default; playing waits two more
// steps at the end of each hand) and show or hide every hole card; the
// progress bar moves within the hand. The keys (see Player.Key) are space,
// ← and →, PgUp and PgDn (or ↑ and ↓), Home and End, + and −, and H.
//
// # The page's API
//
// Run puts window.deckforge on the page before the first frame and fires
// the window event "deckforge-ready". Its functions throw an Error on bad
// arguments or a replay that does not load:
//
//	ready              true once the API is there
//	state()            the table as the Go replay model rebuilt it: the
//	                   JSON of replay.Cursor.StateJSON parsed, with the
//	                   replay's hash (SHA-256 of the loaded file); null
//	                   before a load
//	stateJSON()        the same as a string
//	step(n)            moves n steps (back when negative), across hands;
//	                   returns the steps moved
//	seek(hand, step)   moves to a position (0-based); returns the state
//	nextHand(), prevHand()
//	load(url)          fetches a replay or PHH file and loads it; returns a
//	                   Promise of the state, rejected with the reason
//	loadBytes(u8, name) loads bytes (a Uint8Array) at once; returns the state
//	showAll(on)        shows every hole card or not; returns the setting
//	play(), pause(), playing()
//	speed(level)       sets the speed to 2^level steps per second; returns
//	                   the steps per second
//	animating()        whether a transition is under way
//	frames             the number of frames drawn
//	firstFrameMs       performance.now() at the first frame
//	firstTableFrameMs  performance.now() at the first frame showing a replay
package ui
