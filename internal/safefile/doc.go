// Package safefile opens and reads input files with the checks every
// reader applies before it reads a byte: the path names a regular file
// (not a FIFO, a device or a socket, which could block or never end) and
// the file is within its size limit. Errors name the file and the limit.
package safefile
