#include <anesim/model/mil_lexer.h>

#include <cctype>

#include <fmt/format.h>

#include <anesim/io/errors.h>
#include <anesim/io/text_functions.h>

namespace anesim {

namespace {

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$';
}
bool ident_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' || c == '.';
}
bool digit(char c) { return c >= '0' && c <= '9'; }

}  // namespace

Lexer::Lexer(const std::string& text, const std::string& origin) : s_(text), origin_(origin) {
  advance();
}

Token Lexer::take() {
  Token t = tok_;
  advance();
  return t;
}

Token Lexer::expect(const char* punct, const char* where) {
  if (!is(punct)) fail(fmt::format("expected '{}' {}, found {}", punct, where, describe(tok_)));
  return take();
}

Token Lexer::expect_ident(const char* what) {
  if (tok_.kind != TokenKind::kIdent) {
    fail(fmt::format("expected {}, found {}", what, describe(tok_)));
  }
  return take();
}

void Lexer::fail_at(MilPosition at, const std::string& what) const {
  throw ModelFileError(
      fmt::format("{}:{}:{}: {}", printable_whole(origin_), at.line, at.column, what));
}

std::string Lexer::describe(const Token& t) {
  switch (t.kind) {
    case TokenKind::kEnd:
      return "the end of the text";
    case TokenKind::kString:
      return "a string";
    default:
      return fmt::format("'{}'", printable(t.text, 40));
  }
}

void Lexer::step() {
  if (s_[i_] == '\n') {
    ++line_;
    column_ = 1;
  } else {
    ++column_;
  }
  ++i_;
}

void Lexer::skip_space_and_comments() {
  while (i_ < s_.size()) {
    const char c = s_[i_];
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      step();
    } else if (c == '/' && at(i_ + 1) == '/') {
      while (i_ < s_.size() && s_[i_] != '\n') step();
    } else {
      return;
    }
  }
}

void Lexer::advance() {
  skip_space_and_comments();
  tok_ = Token{};
  tok_.begin = i_;
  tok_.at = MilPosition{line_, column_};
  if (i_ >= s_.size()) {
    tok_.end = i_;
    return;
  }
  const char c = s_[i_];
  if (c == '"') {
    lex_string();
  } else if (digit(c) || ((c == '-' || c == '+') && (digit(at(i_ + 1)) || at(i_ + 1) == '.'))) {
    lex_number();
  } else if (ident_start(c)) {
    tok_.kind = TokenKind::kIdent;
    while (i_ < s_.size() && ident_char(s_[i_])) step();
    tok_.text = s_.substr(tok_.begin, i_ - tok_.begin);
  } else if (c == '-' && at(i_ + 1) == '>') {
    tok_.kind = TokenKind::kPunct;
    tok_.text = "->";
    step();
    step();
  } else if (std::string("()[]{}<>,=;?*:").find(c) != std::string::npos) {
    tok_.kind = TokenKind::kPunct;
    tok_.text = std::string(1, c);
    step();
  } else {
    fail_at(tok_.at, fmt::format("unexpected character '{}'", printable(std::string(1, c), 8)));
  }
  tok_.end = i_;
}

void Lexer::lex_number() {
  tok_.kind = TokenKind::kNumber;
  step();  // the first digit or sign
  const bool hex = at(tok_.begin) == '0'
                       ? (at(i_) == 'x' || at(i_) == 'X')
                       : (at(i_) == '0' && (at(i_ + 1) == 'x' || at(i_ + 1) == 'X'));
  while (i_ < s_.size()) {
    const char c = s_[i_];
    const char prev = s_[i_ - 1];
    const bool exponent_sign = (c == '+' || c == '-') && (prev == 'p' || prev == 'P' ||
                                                          (!hex && (prev == 'e' || prev == 'E')));
    if (std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || exponent_sign) {
      step();
    } else {
      break;
    }
  }
  tok_.text = s_.substr(tok_.begin, i_ - tok_.begin);
}

void Lexer::lex_string() {
  tok_.kind = TokenKind::kString;
  step();  // the opening quote
  std::string out;
  while (true) {
    if (i_ >= s_.size()) fail_at(tok_.at, "a string that never ends");
    const char c = s_[i_];
    if (c == '"') {
      step();
      break;
    }
    if (c == '\\') {
      step();
      if (i_ >= s_.size()) fail_at(tok_.at, "a string that never ends");
      const char e = s_[i_];
      out += e == 'n' ? '\n' : e == 't' ? '\t' : e;
      step();
      continue;
    }
    out += c;
    step();
  }
  tok_.text = out;
}

}  // namespace anesim
