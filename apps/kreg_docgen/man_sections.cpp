// The prose of kreg(1), in roff. What it says about exit status, the environment and files
// follows the README's Conventions.
#include "man_sections.h"

namespace kreg::docgen {

std::string man_description() {
  return R"(.B kreg
fits, selects and evaluates kernel regressors on CSV data: kernel ridge regression, kernel
gradient flow, the early\-stopping methods (gradient, sign\-gradient, coordinate and elastic
descent) and the \[u2113]1\- and \[u2113]\[u221E]\-penalised regressions of Allerbo (2023),
arXiv:2306.16838, with regularisation paths, leave\-one\-out from one eigendecomposition and
k\-fold cross\-validation over kernel \[mu] regularisation grids.
Models are versioned JSON files; tables are CSV.
.PP
Every option of a command may also be given in a JSON file
.RB ( \-\-config )
under its name in snake_case (\fB\-\-lambda\-scaling\fR as \fBlambda_scaling\fR);
the command line overrides the file, the file overrides the defaults.
Output files are written in full or not at all; an output named
.B \-
is standard output.
)";
}

std::string man_data_files() {
  return R"(A data file has a header row with the column names, then one row per sample (UTF\-8; gzip
data is decompressed; \fB\-\fR is standard input).
With \fB\-\-sep auto\fR (the default) the separator is the one of comma, tab, semicolon, pipe
and runs of spaces that splits the header and the first 20 rows into the same number (more
than one) of fields, quotes respected; the file name (\fI.csv\fR: comma, \fI.tsv\fR: tab)
only breaks ties.
\fB\-\-sep space\fR reads space\-aligned columns (as R's \fBwrite.table\fR writes them with \fBrow.names = FALSE\fR): a
run of spaces and tabs is one separator, and spaces at the start or end of a line separate
nothing.
\fB\-\-decimal comma\fR reads numbers written with a decimal comma (\fB1,5\fR), as European
locales write them, usually with semicolons between fields; the separator is then never a
comma.
When a split looks wrong (one column, a column name holding another separator, rows with
another number of fields than the header), the error names the separator used and the
\fB\-\-sep\fR that fits.
)";
}

std::string man_exit_status() {
  return R"(.TP
.B 0
success
.TP
.B 2
bad usage, configuration or data (including a bad model file, or a run that needs more
memory than \fB\-\-max\-memory\fR allows)
.TP
.B 1
any other failure (numerical trouble, input/output)
.PP
An error is one line on standard error that starts with
.BR "kreg: error:" .
)";
}

std::string man_environment() {
  return R"(.TP
.B OPENBLAS_CORETYPE
the OpenBLAS kernel set (for example \fBHaswell\fR or \fBSkylakeX\fR).
Where OpenBLAS does not know the processor, kreg runs itself again with the widest set the
processor supports; a value set by the user is left alone.
\fBkreg \-\-version\fR names the set in use.
.TP
.B OPENBLAS_NUM_THREADS
kreg runs itself with this set to 1 (a value set by the user is replaced): it calls OpenBLAS
on one thread and runs in parallel itself (\fB\-\-threads\fR), and the threads OpenBLAS
would start at load only take memory.
)";
}

std::string man_files() {
  return R"(.TP
\fIPREFIX\fR/share/kreg/data/sine_train.csv, \fIPREFIX\fR/share/kreg/data/sine_test.csv
example data: 40 and 200 rows of y = sin(2\[*p]x) + noise, columns \fBx\fR and \fBy\fR.
.I PREFIX
is
.I /usr
for the Debian package and
.I /usr/local
for \fBcmake \-\-install\fR by default.
.TP
\fIPREFIX\fR/share/doc/kreg/
the README (methods, options, conventions, file formats) and the documentation.
)";
}

std::string man_bundled_examples() {
  return R"(.PP
On the bundled example data (with the Debian package's
.IR PREFIX ):
.PP
.RS 4
.nf
kreg fit \-\-data /usr/share/kreg/data/sine_train.csv \-\-target y \-\-bandwidth 0.5 \e
         \-\-lambda 0.01 \-\-standardize none \-\-model sine.json
kreg predict \-\-model sine.json \-\-data /usr/share/kreg/data/sine_test.csv \-\-output pred.csv
.fi
.RE
)";
}

std::string man_see_also() {
  return R"(The README in
\fIPREFIX\fR/share/doc/kreg/,
and
.IR kernels.md ,
.I nystrom.md
and
.I extending.md
beside it.
.PP
Allerbo (2023), arXiv:2306.16838: O. Allerbo,
.IR "Solving Kernel Ridge Regression with Gradient\-Based Optimization Methods" .
)";
}

}  // namespace kreg::docgen
