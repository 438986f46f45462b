// The MIL text reader and the compiled-program mapping
// (src/anesim/model/mil_text.h, src/anesim/model/compiled_program.h) on programs written
// here: both scalar spellings, attribute- and argument-form operands, nested
// blocks, and hostile text. The fixtures' end-to-end checks (weight files,
// commands, Python) are in tests/python/test_programs.py.
#include <catch2/catch.hpp>

#include <string>

#include <anesim/io/errors.h>
#include <anesim/model/blob_file.h>
#include <anesim/model/compiled_program.h>
#include <anesim/model/mil_text.h>

namespace anesim {
namespace {

std::string error_of(const std::string& text) {
  try {
    parse_mil_text(text, "t.mil");
  } catch (const ModelFileError& e) {
    return e.what();
  }
  return "";
}

const char* const kOld =
    "program(1.0)\n"
    "[buildInfo = dict<tensor<string, []>, tensor<string, []>>({{\"coremltools-version\", "
    "\"7.0\"}})]\n"
    "{\n"
    "    func main<ios16>(tensor<fp16, [1, 64]> x) {\n"
    "            tensor<fp16, [32, 64]> w = constexpr_affine_dequantize()[axis = "
    "tensor<int32, []>(0), name = tensor<string, []>(\"w\"), quantized_data = tensor<int8, [32, "
    "64]>(BLOBFILE(path = tensor<string, []>(\"@model_path/weights/weight.bin\"), offset = "
    "tensor<uint64, []>(64))), scale = tensor<fp16, []>(0x1.8p-3), zero_point = tensor<int8, "
    "[]>(-3)];\n"
    "            tensor<fp16, [1, 32]> y = linear(weight = w, x = x)[name = tensor<string, "
    "[]>(\"y\")];\n"
    "    } -> (y);\n"
    "}\n";

TEST_CASE("MIL text: program(1.0) spellings and attribute-form operands", "[program]") {
  const MilProgram p = parse_mil_text(kOld, "t.mil");
  REQUIRE(p.version == "1.0");
  REQUIRE(p.functions.size() == 1);
  const MilFunction& f = p.functions[0];
  CHECK(f.name == "main");
  CHECK(f.opset == "ios16");
  CHECK(f.results == std::vector<std::string>{"y"});
  REQUIRE(f.statements.size() == 2);
  const MilStatement& dq = f.statements[0];
  CHECK(dq.op == "constexpr_affine_dequantize");
  const MilValue* data = dq.argument("quantized_data");
  REQUIRE(data != nullptr);
  CHECK(data->kind == MilValue::Kind::kBlob);
  CHECK(data->blob_path == "@model_path/weights/weight.bin");
  CHECK(data->blob_offset == 64);
  CHECK(data->type.dtype == "int8");
  CHECK(data->type.shape == std::vector<int64_t>{32, 64});
  CHECK(dq.argument("scale")->literal == "0x1.8p-3");  // a hex float, whole
  CHECK(dq.argument("zero_point")->literal == "-3");
  CHECK(dq.argument("name")->literal == "w");
  CHECK(dq.arguments[0].attribute);
}

TEST_CASE("MIL text: program(1.3) spellings, tuples, blocks and comments", "[program]") {
  const std::string text =
      "program(1.3)\n{\n  func main<ios18>(tensor<fp16, [1, ?, 8]> x, state<tensor<fp16, [2, "
      "8]>> kv) {\n"
      "    // a comment\n"
      "    int32 axis = const()[name = string(\"axis\"), val = int32(1)];\n"
      "    tensor<fp16, [1, ?, 16]> c = concat(axis = axis, values = (x, x))[name = "
      "string(\"c\")];\n"
      "    tensor<fp16, [1, ?, 16]> d = cond(pred = bool(true)) {\n"
      "      tensor<fp16, [1, ?, 16]> e = relu(x = c)[name = string(\"e\")];\n"
      "    } -> (e);\n"
      "  } -> (d);\n}\n";
  const MilProgram p = parse_mil_text(text, "t.mil");
  const MilFunction& f = p.functions.at(0);
  CHECK(f.inputs.at(0).type.shape == std::vector<int64_t>{1, -1, 8});
  CHECK(f.inputs.at(1).type.kind == "state");
  REQUIRE(f.statements.size() == 4);
  CHECK(f.statements[0].argument("val")->literal == "1");
  const MilValue* values = f.statements[1].argument("values");
  REQUIRE(values != nullptr);
  CHECK(values->kind == MilValue::Kind::kTuple);
  CHECK(values->items.size() == 2);
  CHECK(f.statements[3].op == "relu");
  CHECK(f.statements[3].depth == 1);
}

TEST_CASE("MIL text: errors name the file, line and column", "[program]") {
  CHECK(error_of("program(1.3)\n{\n  func main<ios18>() {\n    tensor<fp16, [1]> y = add(x = "
                 "1.0)[name = string(\"y\")];\n  } -> (y);\n}\n") ==
        "t.mil:4:35: expected an operand, found '1.0'");
  CHECK(error_of("program(1.3)\n{\n  func main<ios18>() {\n    tensor<fp16, [1]> y = add(x = \"") ==
        "t.mil:4:35: a string that never ends");
  CHECK(error_of("program(1.3) { func main<ios18>() { tensor<fp16, [1], 3> y") ==
        "t.mil:1:37: a tensor type: expected '>' after its shape");
  CHECK(error_of("program(1.3) { func main<ios18>() { tensor<fp16, [1> y") ==
        "t.mil:1:37: a type that never closes");
  CHECK(error_of("\x01") == "t.mil:1:1: unexpected character '\\x01'");
  CHECK(error_of("") == "");  // no program: no function, read as empty
}

TEST_CASE("MIL text: nesting beyond the bound is an error, not a deep recursion", "[program]") {
  std::string deep =
      "program(1.3) { func main<ios18>(tensor<fp16, [1]> x) { tensor<fp16, [1]> y "
      "= f(v = ";
  deep += std::string(100000, '(');
  const std::string e = error_of(deep);
  CHECK(e.find("nested too deeply") != std::string::npos);
  std::string blocks = "program(1.3) { func main<ios18>() ";
  for (int i = 0; i < 1000; ++i) blocks += "{ tensor<fp16, [1]> y = f() ";
  CHECK(error_of(blocks).find("nested too deeply") != std::string::npos);
}

TEST_CASE("compiled program: ops, constants and gaps from text alone", "[program]") {
  const CompiledProgram p = read_program_text(kOld, "t.mil");
  CHECK_FALSE(p.sizes_checked);
  REQUIRE(p.functions.size() == 1);
  REQUIRE(p.functions[0].weight_ops.size() == 1);
  const ProgramWeightOp& w = p.functions[0].weight_ops[0];
  CHECK(w.name == "y");
  CHECK(w.kind == WeightOpKind::kLinear);
  CHECK(w.format.dtype == Dtype::kInt8);
  CHECK((w.cin == 64 && w.cout == 32));
  CHECK(w.bytes_per_core == 2 * 64);  // ceil(32/16) rows x 64 int8
  CHECK(w.lines_per_core == 2);
  const ModelDescription m = program_model(p);
  REQUIRE(m.program_tasks.size() == 1);
  CHECK(m.program_tasks[0].name == "y");
}

TEST_CASE("compiled program: a kernel out of range is an error naming the op", "[program]") {
  const auto program = [](const std::string& shape) {
    return "program(1.3)\n{\n  func main<ios18>(tensor<fp16, [1, 8, 1, 1]> x) {\n"
           "    tensor<fp16, " +
           shape + "> w = const()[name = string(\"w\"), val = tensor<fp16, " + shape +
           ">(BLOBFILE(path = string(\"@model_path/weights/weight.bin\"), offset = "
           "uint64(64)))];\n"
           "    tensor<fp16, [1, 8, 1, 1]> y = conv(weight = w, x = x)[name = string(\"y\")];\n"
           "  } -> (y);\n}\n";
  };
  CHECK_THROWS_WITH(read_program_text(program("[8, 8, 5000, 1]"), "t.mil"),
                    Catch::Contains("t.mil:5:5: y: a 5000x1 kernel (at most 4096 a side)"));
  // Dimensions after the kernel's first multiply; capped as they grow, never wrapped.
  CHECK_THROWS_WITH(read_program_text(program("[8, 8, 3, 4096, 4096]"), "t.mil"),
                    Catch::Contains("a 3x16777216 kernel (at most 4096 a side)"));
  CHECK_THROWS_WITH(read_program_text(program("[8, 8, 3, 4096, 4096, 4096, 4096, 4096]"), "t.mil"),
                    Catch::Contains("constant w: its shape holds more than 2^64 elements"));
  CHECK(read_program_text(program("[8, 8, 3, 3]"), "t.mil").functions[0].weight_ops[0].format.kh ==
        3);
}

TEST_CASE("blob descriptors: every field checked", "[program]") {
  BlobDescriptor d;
  d.sentinel = kBlobSentinel;
  d.data_type = 11;  // uint4
  d.size_bytes = 2048;
  d.data_offset = 128;
  CHECK(blob_descriptor_problem(d, 64, 2176, "uint4", 4096).empty());
  CHECK(blob_descriptor_problem(d, 64, 2175, "uint4", 4096).rfind("data:", 0) == 0);
  CHECK(blob_descriptor_problem(d, 64, 2176, "uint4", 4095).empty());  // rounded up to 2048 bytes
  CHECK(blob_descriptor_problem(d, 64, 2176, "uint4", 4097) ==
        "size: 2048 bytes, but 4097 x uint4 takes 2049");
  CHECK(blob_descriptor_problem(d, 64, 2176, "int8", 2048) ==
        "data type: uint4 (code 11), but the program declares int8");
  d.data_offset = 100;  // inside the descriptor
  CHECK(blob_descriptor_problem(d, 64, 2176, "uint4", 4096).rfind("data:", 0) == 0);
  CHECK(stored_bytes_of(3, 6) == 3);  // 18 bits
  CHECK(stored_bytes_of(UINT64_MAX, 64) == UINT64_MAX);
}

}  // namespace
}  // namespace anesim
