package schema

// Every schema in this directory is compiled into fb/ (package fb, from the
// schemas' "namespace fb;"). The old output is removed first so that a type
// dropped from a schema does not leave a stale file behind.
// scripts/check-generated.sh runs this same line on a scratch copy and diffs.

//go:generate sh -c "rm -rf fb && flatc --go -o . *.fbs"
