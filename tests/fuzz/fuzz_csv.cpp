// libFuzzer harness: the CSV reader and the column selection on arbitrary bytes. Every input
// must give a table or a kreg::Error; a crash, leak, sanitizer report or hang is a finding.
// The first byte chooses the separator, the name the reader sees (.csv or .tsv), the policy
// for missing values, whether only some columns are parsed and the decimal mark.
#include <cstddef>
#include <cstdint>
#include <string>

#include "kreg/core/errors.h"
#include "kreg/data/dataset.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::uint8_t control = data[0];
  static const char kSeparators[] = {0, ',', '\t', ';', '|', ' '};
  kreg::CsvFormat format;
  format.separator = kSeparators[control % 6];
  format.decimal_mark = (control & 0x10) != 0 ? ',' : '.';  // with a comma separator: a ConfigError
  const std::string text(reinterpret_cast<const char*>(data + 1), size - 1);
  const std::string name = (control & 0x80) != 0 ? "fuzz.tsv" : "fuzz.csv";
  const auto policy = (control & 0x40) != 0 ? kreg::MissingPolicy::kDrop : kreg::MissingPolicy::kError;
  try {
    if ((control & 0x20) != 0) {
      // Only the last column is parsed: the others may hold any text.
      const kreg::CsvTable table = kreg::read_csv_table(
          kreg::memory_input(text, name), name, format,
          [](const std::vector<std::string>& names) { return std::vector<std::size_t>{names.size() - 1}; });
      for (std::size_t r = 0; r < table.n_rows(); ++r) (void)table.at(r, table.n_cols() - 1);
    } else {
      const kreg::CsvTable table = kreg::read_csv_table(kreg::memory_input(text, name), name, format);
      kreg::ColumnSelection selection;  // the last column is the target, the others features
      (void)kreg::training_data_from(table, selection, policy);
    }
  } catch (const kreg::Error&) {
    // refused with a message: the expected outcome for most inputs
  }
  return 0;
}
