// MethodRow: one row of the method table (method_registry.cpp), each value given by the name of
// its field, so that two values cannot trade places unnoticed as they can in a positional list:
//   MethodRow("krr").title("kernel ridge regression").family(MethodFamily::kRidge)
//       .regulariser(Regulariser::kLambda).loo_shortcut().help("...").row()
// The flags not named are false; descent() and penalty() default to kNone. row() refuses (with
// std::logic_error; in a constant expression, such as the table, as a compile error) a row
// without name, title, family, regulariser or help, a field given twice, and a row whose fields
// contradict how its family is solved: the regulariser of each family (ridge and penalised:
// lambda; flow: t; descent: early stopping), a descent rule exactly for the descent family, a
// penalty exactly for the penalised one, momentum and Nesterov only with a descent rule.
#pragma once

#include <stdexcept>
#include <string>

#include "kreg/solvers/method_registry.h"

namespace kreg {

class MethodRow {
 public:
  constexpr explicit MethodRow(const char* name) : info_{} { info_.name = name; }

  constexpr MethodRow title(const char* text) const {
    MethodRow r = *this;
    r.once(r.title_, "title");
    r.info_.title = text;
    return r;
  }
  constexpr MethodRow family(MethodFamily f) const {
    MethodRow r = *this;
    r.once(r.family_, "family");
    r.info_.family = f;
    return r;
  }
  constexpr MethodRow regulariser(Regulariser reg) const {
    MethodRow r = *this;
    r.once(r.regulariser_, "regulariser");
    r.info_.regulariser = reg;
    return r;
  }
  constexpr MethodRow descent(DescentRule rule) const {
    MethodRow r = *this;
    r.once(r.descent_, "descent");
    r.info_.descent = rule;
    return r;
  }
  constexpr MethodRow penalty(Penalty pen) const {
    MethodRow r = *this;
    r.once(r.penalty_, "penalty");
    r.info_.penalty = pen;
    return r;
  }
  constexpr MethodRow heavy_ball() const {
    MethodRow r = *this;
    r.once(r.info_.heavy_ball, "heavy_ball");
    return r;
  }
  constexpr MethodRow nesterov() const {
    MethodRow r = *this;
    r.once(r.info_.nesterov, "nesterov");
    return r;
  }
  constexpr MethodRow sparse() const {
    MethodRow r = *this;
    r.once(r.info_.sparse, "sparse");
    return r;
  }
  constexpr MethodRow loo_shortcut() const {
    MethodRow r = *this;
    r.once(r.info_.loo_shortcut, "loo_shortcut");
    return r;
  }
  constexpr MethodRow help(const char* text) const {
    MethodRow r = *this;
    r.once(r.help_, "help");
    r.info_.help = text;
    return r;
  }

  /// The finished row, checked as described at the top of this file.
  constexpr MethodInfo row() const {
    if (info_.name == nullptr || !title_ || !family_ || !regulariser_ || !help_)
      fail("needs a name, title, family, regulariser and help");
    const Shape shape = shape_of(info_.family);
    if (info_.regulariser != shape.regulariser)
      fail("its regulariser is not its family's (ridge and penalised: lambda; flow: t; descent: early stopping)");
    if ((info_.descent != DescentRule::kNone) != shape.descent_rule)
      fail("has a descent rule exactly when its family is descent");
    if ((info_.penalty != Penalty::kNone) != shape.penalty)
      fail("has a penalty exactly when its family is penalised");
    if ((info_.heavy_ball || info_.nesterov) && !shape.descent_rule)
      fail("has heavy_ball and nesterov only when its family is descent");
    return info_;
  }

 private:
  // What a family's rows must have.
  struct Shape {
    Regulariser regulariser;
    bool descent_rule, penalty;
  };
  static constexpr Shape shape_of(MethodFamily family) {
    switch (family) {
      case MethodFamily::kRidge:
        return {Regulariser::kLambda, false, false};
      case MethodFamily::kFlow:
        return {Regulariser::kTime, false, false};
      case MethodFamily::kDescent:
        return {Regulariser::kEarlyStopping, true, false};
      case MethodFamily::kPenalized:
        return {Regulariser::kLambda, false, true};
    }
    enumerator_out_of_range("MethodFamily", "MethodRow::row");
  }

  // Marks a field as given; a second time is a mistake in the table.
  static constexpr void once(bool& given, const char* field) {
    if (given) throw std::logic_error(std::string("method table: ") + field + " is given twice in one row");
    given = true;
  }

  [[noreturn]] void fail(const char* problem) const {
    throw std::logic_error(std::string("method table: the row of '") + (info_.name ? info_.name : "?") + "' " + problem);
  }

  MethodInfo info_;
  bool title_ = false, family_ = false, regulariser_ = false, descent_ = false, penalty_ = false, help_ = false;
};

}  // namespace kreg
