// Each candidate splits the sample with CsvRecords itself, so that sniffing counts fields
// exactly as reading will (quotes, padding, blank lines, runs of spaces).
#include "kreg/data/separator_sniff.h"

#include "kreg/core/errors.h"
#include "kreg/data/csv_records.h"
#include "kreg/io/byte_source.h"

namespace kreg {

namespace {

// The candidates, in the order in which ties are broken (after the file name's separator), with
// their --sep name and how a message says what the fields were split at.
struct Candidate {
  char separator;
  const char* name;
  const char* split_at;
};
constexpr Candidate kCandidates[] = {{',', "comma", "commas"},
                                     {'\t', "tab", "tabs"},
                                     {';', "semicolon", "semicolons"},
                                     {'|', "pipe", "pipes"},
                                     {' ', "space", "runs of spaces"}};

// The candidate of `separator`; null for another character.
const Candidate* candidate_of(char separator) {
  for (const Candidate& c : kCandidates)
    if (c.separator == separator) return &c;
  return nullptr;
}

SeparatorSplit split_sample(const std::string& sample, char separator) {
  SeparatorSplit split;
  split.separator = separator;
  CsvRecords records(memory_input(sample, "sample"), separator);
  std::vector<std::string> fields;
  std::size_t count = 0;
  long line = 0;
  // A sample that the reader refuses (a NUL byte, a quote still open where the sample was cut)
  // counts up to that point: reading the file reports the problem with its place.
  try {
    if (!records.next(fields, count, line)) return split;
    split.header_fields = count;
    while (split.rows < kSniffRows && records.next(fields, count, line)) {
      ++split.rows;
      if (count == split.header_fields) ++split.rows_agreeing;
    }
  } catch (const DataError&) {
  }
  return split;
}

}  // namespace

char SeparatorSniff::better_than(char used) const {
  const SeparatorSplit* current = nullptr;
  for (const auto& s : splits)
    if (s.separator == used) current = &s;
  for (const auto& s : splits) {  // in the order of preference
    if (s.separator == used || !s.consistent()) continue;
    if (current == nullptr || !current->consistent() || s.header_fields > current->header_fields) return s.separator;
  }
  return 0;
}

SeparatorSniff sniff_separator(const std::string& sample, bool complete, char preferred, bool decimal_comma) {
  std::string text = sample;
  if (!complete) {
    const std::size_t last_newline = text.find_last_of("\n\r");  // CR alone ends a line too
    if (last_newline != std::string::npos) text.resize(last_newline + 1);
  }
  if (decimal_comma && preferred == ',') preferred = 0;
  SeparatorSniff sniff;
  for (const Candidate& c : kCandidates)
    if (!(decimal_comma && c.separator == ',')) sniff.splits.push_back(split_sample(text, c.separator));
  // Among equals, the file name's separator first, then the order of kCandidates.
  const auto before = [preferred](const SeparatorSplit& a, const SeparatorSplit& b) {
    return a.separator == preferred && b.separator != preferred;
  };
  const SeparatorSplit* best = nullptr;
  for (const auto& s : sniff.splits)
    if (s.consistent() && (best == nullptr || before(s, *best))) best = &s;
  if (best == nullptr)
    for (const auto& s : sniff.splits) {
      if (s.separator == ' ' || s.header_fields < 2) continue;
      if (best == nullptr || s.rows_agreeing > best->rows_agreeing ||
          (s.rows_agreeing == best->rows_agreeing && before(s, *best)))
        best = &s;
    }
  sniff.chosen = best != nullptr ? best->separator : preferred != 0 ? preferred : decimal_comma ? ';' : ',';
  return sniff;
}

std::string separator_name(char separator) {
  const Candidate* c = candidate_of(separator);
  return c != nullptr ? c->name : std::string(1, separator);
}

std::string separator_note(char used, const SeparatorSniff& sniff) {
  const Candidate* c = candidate_of(used);
  const std::string at = c != nullptr ? c->split_at : "'" + std::string(1, used) + "'";
  std::string note = "the fields were split at " + at + " (--sep " + separator_name(used) + ")";
  if (const char better = sniff.better_than(used); better != 0) note += "; try --sep " + separator_name(better);
  return note;
}

}  // namespace kreg
