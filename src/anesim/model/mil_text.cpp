#include <anesim/model/mil_text.h>

#include <fmt/format.h>

#include <anesim/io/text_functions.h>
#include <anesim/model/mil_lexer.h>

namespace anesim {

const MilValue* MilStatement::argument(const std::string& key) const {
  for (const MilArgument& a : arguments) {
    if (a.key == key) return &a.value;
  }
  return nullptr;
}

namespace {

bool decimal_digit(char c) { return c >= '0' && c <= '9'; }

class Parser {
 public:
  Parser(const std::string& text, const std::string& origin) : lx_(text, origin) {}

  MilProgram program() {
    MilProgram p;
    const bool wrapped = lx_.is_ident("program");
    if (wrapped) {
      lx_.take();
      lx_.expect("(", "after 'program'");
      if (lx_.peek().kind != TokenKind::kNumber) lx_.fail("expected the program's version");
      p.version = lx_.take().text;
      lx_.expect(")", "after the program's version");
      if (lx_.is("[")) skip_balanced();  // buildInfo
      lx_.expect("{", "to open the program");
    }
    while (lx_.is_ident("func")) {
      p.functions.push_back(function());
    }
    if (wrapped) lx_.expect("}", "to close the program (or 'func')");
    if (lx_.peek().kind != TokenKind::kEnd) {
      lx_.fail(fmt::format("expected 'func' or the end of the program, found {}",
                           Lexer::describe(lx_.peek())));
    }
    return p;
  }

 private:
  MilFunction function() {
    MilFunction f;
    f.at = lx_.take().at;  // func
    f.name = lx_.expect_ident("a function name").text;
    if (lx_.is("<")) {
      lx_.take();
      f.opset = lx_.expect_ident("an opset name (ios17, ...)").text;
      lx_.expect(">", "after the opset");
    }
    lx_.expect("(", "to open the function's inputs");
    while (!lx_.is(")")) {
      f.inputs.push_back(output());
      if (!lx_.is(")")) lx_.expect(",", "between inputs");
    }
    lx_.take();
    if (lx_.is("[")) skip_balanced();  // flexible-shape attributes
    block(f, 0);
    if (lx_.is("->")) {
      lx_.take();
      lx_.expect("(", "to open the function's results");
      while (!lx_.is(")")) {
        f.results.push_back(lx_.expect_ident("a result's name").text);
        if (!lx_.is(")")) lx_.expect(",", "between results");
      }
      lx_.take();
    }
    if (lx_.is(";")) lx_.take();
    return f;
  }

  // `{ statement* }`; statements of nested blocks go to `f` at depth + 1.
  void block(MilFunction& f, uint32_t depth) {
    if (depth >= kMaxMilNesting) lx_.fail("blocks nested too deeply");
    lx_.expect("{", "to open a block");
    while (!lx_.is("}")) {
      if (lx_.peek().kind == TokenKind::kEnd) lx_.fail("a block that never closes");
      statement(f, depth);
    }
    lx_.take();
  }

  void statement(MilFunction& f, uint32_t depth) {
    MilStatement st;
    st.depth = depth;
    st.at = lx_.peek().at;
    st.outputs.push_back(output());
    while (lx_.is(",")) {
      lx_.take();
      st.outputs.push_back(output());
    }
    lx_.expect("=", "after a statement's outputs");
    st.op = lx_.expect_ident("an op name").text;
    lx_.expect("(", "to open the op's arguments");
    arguments(st, ")", false);
    if (lx_.is("[")) {
      lx_.take();
      arguments(st, "]", true);
    }
    const size_t at = f.statements.size();
    f.statements.push_back(std::move(st));
    while (lx_.is("{")) {  // an op's blocks (cond, while_loop): their statements follow it
      block(f, depth + 1);
      if (lx_.is("->")) {
        lx_.take();
        skip_balanced();
      }
    }
    (void)at;
    lx_.expect(";", "to end the statement");
  }

  // `key = value, ...` up to `close`, which is taken.
  void arguments(MilStatement& st, const char* close, bool attribute) {
    while (!lx_.is(close)) {
      MilArgument a;
      a.key = lx_.expect_ident("an argument's name").text;
      a.attribute = attribute;
      lx_.expect("=", "after an argument's name");
      a.value = value(0);
      st.arguments.push_back(std::move(a));
      if (!lx_.is(close)) lx_.expect(",", "between arguments");
    }
    lx_.take();
  }

  MilValue value(uint32_t depth) {
    if (depth >= kMaxMilNesting) lx_.fail("values nested too deeply");
    MilValue v;
    v.at = lx_.peek().at;
    if (lx_.is("(")) {  // a tuple of operands
      lx_.take();
      v.kind = MilValue::Kind::kTuple;
      while (!lx_.is(")")) {
        v.items.push_back(value(depth + 1));
        if (!lx_.is(")")) lx_.expect(",", "between a tuple's items");
      }
      lx_.take();
      return v;
    }
    if (lx_.peek().kind != TokenKind::kIdent) {
      lx_.fail(fmt::format("expected an operand, found {}", Lexer::describe(lx_.peek())));
    }
    const Token first = lx_.take();
    if (!lx_.is("<") && !lx_.is("(")) {
      v.kind = MilValue::Kind::kName;
      v.name = first.text;
      return v;
    }
    v.type = type_after(first);
    immediate(v);
    return v;
  }

  // `(literal)` or `(BLOBFILE(path = ..., offset = ...))` after a type.
  void immediate(MilValue& v) {
    lx_.expect("(", "to open a typed value");
    if (lx_.is_ident("BLOBFILE")) {
      lx_.take();
      v.kind = MilValue::Kind::kBlob;
      lx_.expect("(", "after BLOBFILE");
      bool have_path = false, have_offset = false;
      while (!lx_.is(")")) {
        const Token key = lx_.expect_ident("'path' or 'offset'");
        lx_.expect("=", "after a BLOBFILE field");
        const MilValue field = value(1);
        if (key.text == "path" && field.kind == MilValue::Kind::kImmediate) {
          v.blob_path = unquote(field);
          have_path = true;
        } else if (key.text == "offset" && field.kind == MilValue::Kind::kImmediate) {
          v.blob_offset = offset_of(field);
          have_offset = true;
        } else {
          lx_.fail_at(key.at,
                      fmt::format("BLOBFILE: unexpected field '{}'", printable(key.text, 40)));
        }
        if (!lx_.is(")")) lx_.expect(",", "between BLOBFILE fields");
      }
      lx_.take();
      if (!have_path || !have_offset) {
        lx_.fail_at(v.at, "BLOBFILE: expected both 'path' and 'offset'");
      }
      lx_.expect(")", "to close a typed value");
      return;
    }
    v.kind = MilValue::Kind::kImmediate;
    const size_t begin = lx_.peek().begin;
    size_t end = begin;
    uint32_t depth = 0;
    bool string_only = lx_.peek().kind == TokenKind::kString;
    std::string decoded = string_only ? lx_.peek().text : "";
    size_t tokens = 0;
    while (depth > 0 || !lx_.is(")")) {
      const Token& t = lx_.peek();
      if (t.kind == TokenKind::kEnd) lx_.fail_at(v.at, "a typed value that never closes");
      if (t.kind == TokenKind::kPunct && (t.text == "(" || t.text == "[" || t.text == "{")) {
        if (++depth >= kMaxMilNesting) lx_.fail("a value nested too deeply");
      } else if (t.kind == TokenKind::kPunct && (t.text == ")" || t.text == "]" || t.text == "}")) {
        if (depth == 0) lx_.fail("unbalanced brackets in a value");
        --depth;
      }
      end = t.end;
      lx_.take();
      ++tokens;
    }
    lx_.take();
    v.literal = string_only && tokens == 1 ? decoded : lx_.source(begin, end);
  }

  std::string unquote(const MilValue& v) const { return v.literal; }

  uint64_t offset_of(const MilValue& v) const {
    const std::string& t = v.literal;
    if (t.empty() || t.size() > 20) lx_.fail_at(v.at, "BLOBFILE: offset is not a whole number");
    uint64_t n = 0;
    for (const char c : t) {
      if (!decimal_digit(c)) lx_.fail_at(v.at, "BLOBFILE: offset is not a whole number");
      const uint64_t d = static_cast<uint64_t>(c - '0');
      if (n > (UINT64_MAX - d) / 10) lx_.fail_at(v.at, "BLOBFILE: offset is past 2^64");
      n = n * 10 + d;
    }
    return n;
  }

  MilOutput output() {
    MilOutput o;
    const Token first = lx_.expect_ident("a type");
    o.type = type_after(first);
    o.name = lx_.expect_ident("a name after its type").text;
    return o;
  }

  // The rest of a type whose first word is `first`: `<...>` when present.
  MilType type_after(const Token& first) {
    MilType t;
    t.text = first.text;
    if (!lx_.is("<")) {
      t.kind = "scalar";
      t.dtype = first.text;
      t.rank_known = true;
      return t;
    }
    t.kind = first.text == "tensor" ? "tensor" : first.text;
    t.rank_known = false;
    // The parameters' tokens, depth 1 being the type's own.
    std::vector<Token> params;
    uint32_t depth = 0;
    do {
      const Token tok = lx_.take();
      if (tok.kind == TokenKind::kEnd) lx_.fail_at(first.at, "a type that never closes");
      if (tok.kind == TokenKind::kPunct &&
          (tok.text == "<" || tok.text == "[" || tok.text == "(")) {
        if (++depth >= kMaxMilNesting) lx_.fail_at(tok.at, "a type nested too deeply");
      } else if (tok.kind == TokenKind::kPunct &&
                 (tok.text == ">" || tok.text == "]" || tok.text == ")")) {
        --depth;
      }
      t.text += tok.text;
      params.push_back(tok);
    } while (depth > 0);
    if (t.kind != "tensor") return t;
    // tensor < DTYPE , [ dims ] >  or  tensor < DTYPE , * >
    if (params.size() < 4 || params[1].kind != TokenKind::kIdent) {
      lx_.fail_at(first.at, "a tensor type needs an element type and a shape");
    }
    t.dtype = params[1].text;
    if (params[2].text != ",")
      lx_.fail_at(params[2].at, "expected ',' after a tensor's element type");
    if (params[3].text == "*") return t;
    if (params[3].text != "[") lx_.fail_at(params[3].at, "expected a tensor's shape '[...]'");
    size_t i = 4;
    while (i < params.size() && params[i].text != "]") {
      const Token& d = params[i];
      if (d.kind == TokenKind::kNumber) {
        t.shape.push_back(parse_dimension(d));
      } else if (d.kind == TokenKind::kIdent || d.text == "?") {
        t.shape.push_back(-1);  // symbolic
      } else {
        lx_.fail_at(d.at, fmt::format("expected a dimension, found {}", Lexer::describe(d)));
      }
      ++i;
      if (i < params.size() && params[i].text == ",") ++i;
    }
    if (i + 2 != params.size() || params[i + 1].text != ">") {
      lx_.fail_at(first.at, "a tensor type: expected '>' after its shape");
    }
    t.rank_known = true;
    return t;
  }

  int64_t parse_dimension(const Token& d) const {
    if (d.text.size() > 15) lx_.fail_at(d.at, "a dimension past 10^15");
    int64_t v = 0;
    for (const char c : d.text) {
      if (!decimal_digit(c))
        lx_.fail_at(d.at, fmt::format("a dimension '{}'", printable(d.text, 20)));
      v = v * 10 + (c - '0');
    }
    return v;
  }

  // A `[ ... ]` group, skipped whole (attributes no reader needs).
  void skip_balanced() {
    const Token open = lx_.take();
    const char* close = open.text == "[" ? "]" : open.text == "(" ? ")" : "}";
    uint32_t depth = 1;
    while (depth > 0) {
      const Token& t = lx_.peek();
      if (t.kind == TokenKind::kEnd) lx_.fail_at(open.at, "brackets that never close");
      if (t.kind == TokenKind::kPunct && t.text == open.text) {
        if (++depth >= kMaxMilNesting) lx_.fail("brackets nested too deeply");
      } else if (t.kind == TokenKind::kPunct && t.text == close) {
        --depth;
      }
      lx_.take();
    }
  }

  Lexer lx_;
};

}  // namespace

MilProgram parse_mil_text(const std::string& text, const std::string& origin) {
  return Parser(text, origin).program();
}

}  // namespace anesim
