// Which field separator a data file uses, from its first lines: each candidate (comma, tab,
// semicolon, pipe, runs of spaces) splits the header and the first rows as the reader would
// (quotes respected), and the one that gives every line the same number (> 1) of fields wins;
// the file name only breaks ties. What the other candidates gave is kept for error messages.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace kreg {

/// Rows after the header that sniffing looks at.
constexpr std::size_t kSniffRows = 20;

/// How one candidate separator splits the sample.
struct SeparatorSplit {
  char separator = ',';
  std::size_t header_fields = 0;  ///< fields of the header (0: the header could not be split)
  std::size_t rows = 0;           ///< rows after the header in the sample
  std::size_t rows_agreeing = 0;  ///< of them, those with header_fields fields
  /// More than one column, and every row of the sample has as many fields as the header.
  bool consistent() const { return header_fields > 1 && rows_agreeing == rows; }
};

struct SeparatorSniff {
  std::vector<SeparatorSplit> splits;  ///< one per candidate, in the order of preference
  char chosen = ',';                   ///< the separator to read the file with
  /// A candidate other than `used` that splits the sample consistently and into more fields
  /// than `used` does (or where `used` does not split it consistently); 0 when there is none.
  char better_than(char used) const;
};

/// Chooses the separator of a file from `sample`, its first bytes (after a byte order mark);
/// `complete`: `sample` is the whole file (otherwise its last, perhaps cut, line is not looked
/// at). In order: (1) a candidate that splits the header into k > 1 fields and each of the
/// first kSniffRows rows into k; (2) failing that, the non-space candidate whose header split
/// into k > 1 fields agrees with the most rows (runs of spaces are too common inside text to
/// be trusted on a partial fit); (3) else `preferred`, else comma (semicolon with a decimal
/// comma). Ties go to `preferred` (what the file name implies, 0 for none), then to comma,
/// tab, semicolon, pipe, space in that order. `decimal_comma`: comma is never a candidate.
SeparatorSniff sniff_separator(const std::string& sample, bool complete, char preferred, bool decimal_comma);

/// The --sep value for `separator`: comma, tab, semicolon, pipe, space, or the character.
std::string separator_name(char separator);

/// What a file read with `used` was split at, with the --sep value that looks right when the
/// sample suggests one: "the fields were split at commas (--sep comma); try --sep semicolon".
std::string separator_note(char used, const SeparatorSniff& sniff);

}  // namespace kreg
