-- result types of arithmetic on integer/float combinations
local ops = {
  {"+", function(a, b) return a + b end}, {"-", function(a, b) return a - b end},
  {"*", function(a, b) return a * b end}, {"/", function(a, b) return a / b end},
  {"//", function(a, b) return a // b end}, {"%", function(a, b) return a % b end},
  {"^", function(a, b) return a ^ b end},
}
local operands = {{7, 2}, {7, 2.0}, {7.0, 2}, {-7, 2}, {7, -2.0}}
for _, op in ipairs(ops) do
  local row = {}
  for _, p in ipairs(operands) do
    local r = op[2](p[1], p[2])
    row[#row + 1] = string.format("%s(%s)", tostring(r), math.type(r):sub(1, 1))
  end
  print(string.format("%-2s %s", op[1], table.concat(row, " ")))
end
print(-7 // 2 * 2 + -7 % 2 == -7, 7.5 // 2 * 2 + 7.5 % 2 == 7.5)
