// A small precedence-climbing parser for kernel expressions.
#include "kreg/kernels/kernel_expression.h"

#include <cctype>

#include "kreg/core/errors.h"
#include "kreg/core/number_parse.h"
#include "kreg/core/suggest.h"

namespace kreg {

namespace {

class Parser {
 public:
  explicit Parser(const std::string& text) : text_(text) {}

  KernelNode parse() {
    KernelNode node = expression(0);
    skip_space();
    if (pos_ < text_.size()) fail("unexpected '" + std::string(1, text_[pos_]) + "'");
    return node;
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw ConfigError("kernel", "'" + text_ + "': " + what + " at position " + std::to_string(pos_ + 1));
  }
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) ++pos_;
  }
  const KernelOperator* next_operator() {
    skip_space();
    if (pos_ >= text_.size()) return nullptr;
    for (const KernelOperator& op : kernel_operators())
      if (op.symbol == text_[pos_]) return &op;
    return nullptr;
  }
  static bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
  std::string word() {
    skip_space();
    const std::size_t start = pos_;
    while (pos_ < text_.size() && name_char(text_[pos_])) ++pos_;
    return text_.substr(start, pos_ - start);
  }

  KernelNode expression(int min_precedence) {
    // Parentheses and operators recurse; a bounded depth keeps a hostile config from
    // exhausting the stack.
    if (++depth_ > kMaxDepth) fail("nested more than " + std::to_string(kMaxDepth) + " levels deep");
    KernelNode left = part();
    while (const KernelOperator* op = next_operator()) {
      if (op->precedence < min_precedence) break;
      ++pos_;
      KernelNode right = expression(op->precedence + 1);
      if (left.op == op) {
        left.parts.push_back(std::move(right));
      } else {
        KernelNode node;
        node.op = op;
        node.parts.push_back(std::move(left));
        node.parts.push_back(std::move(right));
        left = std::move(node);
      }
    }
    --depth_;
    return left;
  }

  KernelNode part() {
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '(') {
      ++pos_;
      KernelNode inner = expression(0);
      skip_space();
      if (pos_ >= text_.size() || text_[pos_] != ')') fail("expected ')'");
      ++pos_;
      return inner;
    }
    const std::string name = word();
    if (name.empty()) fail(pos_ < text_.size() ? "expected a kernel name" : "a kernel name is missing");
    KernelNode node;
    node.type = find_kernel_type(name);
    if (node.type == nullptr) unknown_kernel(name);
    skip_space();
    if (pos_ < text_.size() && text_[pos_] == '(') {
      ++pos_;
      do {
        const std::string key = word();
        const KernelParameter* p = nullptr;
        for (const KernelParameter& q : node.type->parameters)
          if (q.key == key) p = &q;
        if (p == nullptr) fail(no_such_parameter(*node.type, key));
        skip_space();
        if (pos_ >= text_.size() || text_[pos_] != '=') fail("expected '=' after " + key);
        ++pos_;
        skip_space();
        const std::size_t value_start = pos_;
        while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != ')' &&
               !std::isspace(static_cast<unsigned char>(text_[pos_])))
          ++pos_;
        const std::string value_text = text_.substr(value_start, pos_ - value_start);
        double value = 0.0;
        if (!parse_finite_double(value_text, value)) fail("'" + value_text + "' is not a number (" + key + ")");
        try {
          p->check(value);
        } catch (const ConfigError& e) {
          fail(std::string(e.what()));
        }
        for (const auto& [k, v] : node.fixed)
          if (k == key) fail(key + " is given twice");
        node.fixed.emplace_back(key, value);
        node.fixed_text.push_back(value_text);
        skip_space();
      } while (pos_ < text_.size() && text_[pos_] == ',' && ++pos_);
      if (pos_ >= text_.size() || text_[pos_] != ')') fail("expected ')' after the parameters of " + name);
      ++pos_;
    }
    return node;
  }

  static std::string no_such_parameter(const KernelType& type, const std::string& key) {
    std::string keys;
    for (const KernelParameter& q : type.parameters) keys += (keys.empty() ? "" : ", ") + q.key;
    return type.name + " has no parameter '" + key + "' (" +
           (keys.empty() ? "it has none" : "its parameters: " + keys) + ")";
  }

  [[noreturn]] void unknown_kernel(const std::string& name) const {
    std::string valid;
    std::vector<std::string> known;
    for (const KernelType& t : kernel_types()) {
      valid += (valid.empty() ? "" : ", ") + t.name;
      known.push_back(t.name);
    }
    for (const KernelType& t : kernel_types())
      for (const std::string& alias : t.aliases) {
        valid += ", " + alias + " (= " + t.name + ")";
        known.push_back(alias);
      }
    const std::string whole = name.size() == text_.size() ? "" : " in '" + text_ + "'";
    throw ConfigError("kernel",
                      "unknown kernel '" + name + "'" + whole + did_you_mean(name, known) + "; valid: " + valid);
  }

  static constexpr int kMaxDepth = 64;
  const std::string& text_;
  std::size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

KernelNode parse_kernel_expression(const std::string& text) { return Parser(text).parse(); }

std::string kernel_expression_text(const KernelNode& node) {
  if (node.type != nullptr) {
    std::string s = node.type->name;
    if (!node.fixed.empty()) {
      s += "(";
      for (std::size_t i = 0; i < node.fixed.size(); ++i)
        s += (i ? "," : "") + node.fixed[i].first + "=" + node.fixed_text[i];
      s += ")";
    }
    return s;
  }
  std::string s;
  for (const KernelNode& part : node.parts) {
    const bool group = part.op != nullptr && part.op->precedence <= node.op->precedence;
    const std::string t = kernel_expression_text(part);
    s += (s.empty() ? "" : std::string(1, node.op->symbol)) + (group ? "(" + t + ")" : t);
  }
  return s;
}

}  // namespace kreg
