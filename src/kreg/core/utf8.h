// UTF-8 checks for text that ends up in JSON files (column names): kreg reads and writes UTF-8.
#pragma once

#include <cstddef>
#include <string>

namespace kreg {

/// True when `text` is well-formed UTF-8; otherwise false and `bad` is the offset of the first
/// byte that is not.
bool is_valid_utf8(const std::string& text, std::size_t& bad);

}  // namespace kreg
