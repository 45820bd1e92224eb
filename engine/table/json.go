package table

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/deckforge/deckforge/engine/chips"
)

// wireState is the JSON shape of a state, numbers kept as written.
type wireState struct {
	Author            *string           `json:"author"`
	Hand              json.RawMessage   `json:"hand"`
	Players           []string          `json:"players"`
	StartingStacks    []json.RawMessage `json:"startingStacks"`
	BlindsOrStraddles []json.RawMessage `json:"blindsOrStraddles"`
	Antes             []json.RawMessage `json:"antes"`
	SeatCount         json.RawMessage   `json:"seatCount"`
	MinBet            json.RawMessage   `json:"minBet"`
	Actions           []string          `json:"actions"`
	Inactive          []json.RawMessage `json:"_inactive"`
	Intents           []json.RawMessage `json:"_intents"`
	DeadBlinds        []json.RawMessage `json:"_deadBlinds"`
	FinishingStacks   []json.RawMessage `json:"finishingStacks"`
	DeadMoney         json.RawMessage   `json:"_deadMoney"`
	Button            json.RawMessage   `json:"_button"`
}

// ReadJSON reads a state in the sit-in-sit-out seed's JSON shape:
//
//	{"author": "Player3", "hand": 1, "players": [...], "startingStacks": [...],
//	 "blindsOrStraddles": [...], "antes": [...], "seatCount": 6, "minBet": 2,
//	 "actions": [...], "_inactive": [...], "_intents": [...],
//	 "_deadBlinds": [...], "finishingStacks": [...], "_deadMoney": 3}
//
// players, startingStacks, blindsOrStraddles, antes and seatCount are
// required; seatCount may be written as an array of one number. Amounts are
// decimal numbers with at most two decimal places, read exactly. Unknown
// fields are errors. The state's shape is checked (State.checkShape: one
// entry per player in every per-player array, and so on), not the rules of
// a server state: call Validate for those. An error names the field.
func ReadJSON(data []byte) (State, error) {
	var w wireState
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&w); err != nil {
		return State{}, jsonError(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return State{}, errors.New("unexpected data after the state object")
	}
	var s State
	var err error
	if w.Author != nil {
		if *w.Author == "" {
			return State{}, fieldErr("author", "empty name")
		}
		s.Author = *w.Author
	}
	for _, f := range []struct {
		name    string
		present bool
	}{{"players", w.Players != nil}, {"startingStacks", w.StartingStacks != nil}, {"blindsOrStraddles", w.BlindsOrStraddles != nil}, {"antes", w.Antes != nil}, {"seatCount", w.SeatCount != nil}} {
		if !f.present {
			return State{}, fieldErr(f.name, "missing (required)")
		}
	}
	if w.Hand != nil {
		h, err := jsonInt("hand", w.Hand)
		if err != nil {
			return State{}, err
		}
		if h < 0 || h > 1<<40 {
			return State{}, fieldErr("hand", "%d is out of range", h)
		}
		s.Hand = int(h)
	}
	sc := w.SeatCount
	if t := bytes.TrimSpace(sc); len(t) > 0 && t[0] == '[' {
		var one []json.RawMessage
		if err := json.Unmarshal(t, &one); err != nil || len(one) != 1 {
			return State{}, fieldErr("seatCount", "want a number or an array of one number")
		}
		sc = one[0]
	}
	c, err := jsonInt("seatCount", sc)
	if err != nil {
		return State{}, err
	}
	if c < 2 || c > MaxSeats {
		return State{}, fieldErr("seatCount", "%d is not a seat count from 2 to %d", c, MaxSeats)
	}
	s.SeatCount = int(c)
	s.Players = w.Players
	if s.StartingStacks, err = jsonAmounts("startingStacks", w.StartingStacks); err != nil {
		return State{}, err
	}
	if s.BlindsOrStraddles, err = jsonAmounts("blindsOrStraddles", w.BlindsOrStraddles); err != nil {
		return State{}, err
	}
	if s.Antes, err = jsonAmounts("antes", w.Antes); err != nil {
		return State{}, err
	}
	if s.DeadBlinds, err = jsonAmounts("_deadBlinds", w.DeadBlinds); err != nil {
		return State{}, err
	}
	if s.FinishingStacks, err = jsonAmounts("finishingStacks", w.FinishingStacks); err != nil {
		return State{}, err
	}
	if w.MinBet != nil {
		if s.MinBet, err = jsonAmount("minBet", w.MinBet); err != nil {
			return State{}, err
		}
	}
	if w.DeadMoney != nil {
		if s.DeadMoney, err = jsonAmount("_deadMoney", w.DeadMoney); err != nil {
			return State{}, err
		}
	}
	if w.Button != nil {
		bt, err := jsonInt("_button", w.Button)
		if err != nil {
			return State{}, err
		}
		if bt < 0 || bt >= MaxSeats {
			return State{}, fieldErr("_button", "%d is not a seat", bt)
		}
		s.Button = int(bt)
	}
	if w.Inactive != nil {
		s.Inactive = make([]bool, len(w.Inactive))
		for i, raw := range w.Inactive {
			name := fmt.Sprintf("_inactive[%d]", i)
			v, err := jsonInt(name, raw)
			if err != nil {
				return State{}, err
			}
			if v < 0 {
				return State{}, fieldErr(name, "%d is negative", v)
			}
			s.Inactive[i] = v != 0
		}
	}
	if w.Intents != nil {
		s.Intents = make([]Intent, len(w.Intents))
		for i, raw := range w.Intents {
			name := fmt.Sprintf("_intents[%d]", i)
			v, err := jsonInt(name, raw)
			if err != nil {
				return State{}, err
			}
			if v < 0 || v > int64(Leave) {
				return State{}, fieldErr(name, "%d is not an intent (0 play, 1 pause until the big blind, 2 pause, 3 leave)", v)
			}
			s.Intents[i] = Intent(v)
		}
	}
	if s.Actions, err = ParseActions(w.Actions); err != nil {
		return State{}, err
	}
	if err := s.checkShape(); err != nil {
		return State{}, err
	}
	return s, nil
}

// jsonError turns a decoding error into one that names the field.
func jsonError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		field := te.Field
		if field == "" {
			field = "state"
		}
		return fieldErr(field, "want %s, got a JSON %s", goTypeName(te.Type.String()), te.Value)
	}
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Errorf("JSON syntax error at byte %d: %v", se.Offset, err)
	}
	if msg := err.Error(); strings.HasPrefix(msg, "json: unknown field ") {
		return fieldErr(strings.Trim(strings.TrimPrefix(msg, "json: unknown field "), `"`), "unknown field")
	}
	if err == io.EOF {
		return errors.New("empty input: want a JSON object")
	}
	return err
}

func goTypeName(t string) string {
	switch t {
	case "string", "*string":
		return "a string"
	case "[]string":
		return "an array of strings"
	case "[]json.RawMessage":
		return "an array of numbers"
	case "table.wireState":
		return "an object"
	}
	return "a number"
}

func jsonNumber(field string, raw json.RawMessage) (string, error) {
	t := strings.TrimSpace(string(raw))
	if t == "" || !(t[0] == '-' || (t[0] >= '0' && t[0] <= '9')) {
		return "", fieldErr(field, "want a number, got %s", clip(t))
	}
	return t, nil
}

func jsonAmount(field string, raw json.RawMessage) (chips.Chips, error) {
	t, err := jsonNumber(field, raw)
	if err != nil {
		return 0, err
	}
	c, err := chips.Parse(t)
	if err != nil {
		return 0, fieldErr(field, "%v", err)
	}
	return c, nil
}

func jsonAmounts(field string, raws []json.RawMessage) ([]chips.Chips, error) {
	if raws == nil {
		return nil, nil
	}
	out := make([]chips.Chips, len(raws))
	for i, raw := range raws {
		c, err := jsonAmount(fmt.Sprintf("%s[%d]", field, i), raw)
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

func jsonInt(field string, raw json.RawMessage) (int64, error) {
	t, err := jsonNumber(field, raw)
	if err != nil {
		return 0, err
	}
	v, err := strconv.ParseInt(t, 10, 64)
	if err != nil {
		return 0, fieldErr(field, "want an integer, got %s", clip(t))
	}
	return v, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// MarshalJSON writes s in the seed's JSON shape, amounts as exact decimal
// numbers (75.25), per-player arrays on one line and one action per line.
// author, minBet, finishingStacks and _deadMoney are written only when set,
// _button only for a table without blinds.
func (s State) MarshalJSON() ([]byte, error) {
	c := s.Clone()
	c.fillDefaults()
	var b bytes.Buffer
	b.WriteString("{\n")
	first := true
	key := func(k string) {
		if !first {
			b.WriteString(",\n")
		}
		first = false
		b.WriteString("  ")
		b.WriteString(strconv.Quote(k))
		b.WriteString(": ")
	}
	str := func(v string) {
		q, _ := json.Marshal(v)
		b.Write(q)
	}
	amounts := func(a []chips.Chips) {
		b.WriteByte('[')
		for i, v := range a {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(v.String())
		}
		b.WriteByte(']')
	}
	if c.Author != "" {
		key("author")
		str(c.Author)
	}
	key("hand")
	b.WriteString(strconv.Itoa(c.Hand))
	key("players")
	b.WriteByte('[')
	for i, p := range c.Players {
		if i > 0 {
			b.WriteString(", ")
		}
		str(p)
	}
	b.WriteByte(']')
	key("startingStacks")
	amounts(c.StartingStacks)
	key("blindsOrStraddles")
	amounts(c.BlindsOrStraddles)
	key("antes")
	amounts(c.Antes)
	key("seatCount")
	b.WriteString(strconv.Itoa(c.SeatCount))
	if c.MinBet != 0 {
		key("minBet")
		b.WriteString(c.MinBet.String())
	}
	key("actions")
	if len(c.Actions) == 0 {
		b.WriteString("[]")
	} else {
		b.WriteString("[\n")
		for i, a := range c.Actions {
			b.WriteString("    ")
			str(a.String())
			if i < len(c.Actions)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("  ]")
	}
	key("_inactive")
	b.WriteByte('[')
	for i, v := range c.Inactive {
		if i > 0 {
			b.WriteString(", ")
		}
		if v {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	b.WriteByte(']')
	key("_intents")
	b.WriteByte('[')
	for i, v := range c.Intents {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(strconv.Itoa(int(v)))
	}
	b.WriteByte(']')
	key("_deadBlinds")
	amounts(c.DeadBlinds)
	if c.FinishingStacks != nil {
		key("finishingStacks")
		amounts(c.FinishingStacks)
	}
	if c.DeadMoney != 0 {
		key("_deadMoney")
		b.WriteString(c.DeadMoney.String())
	}
	if antesOnly(&c) {
		key("_button")
		b.WriteString(strconv.Itoa(c.Button))
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}

// UnmarshalJSON reads s with ReadJSON.
func (s *State) UnmarshalJSON(data []byte) error {
	v, err := ReadJSON(data)
	if err != nil {
		return err
	}
	*s = v
	return nil
}
