-- floor division and modulo with negative operands
local pairs_ = { {7, 3}, {-7, 3}, {7, -3}, {-7, -3}, {6, 3}, {-6, 3}, {0, 5} }
for _, p in ipairs(pairs_) do
  local a, b = p[1], p[2]
  print(a, b, a // b, a % b)
end
print("floats")
local fpairs = { {7.5, 2}, {-7.5, 2}, {7.5, -2}, {-7.5, -2}, {5.0, 3}, {-5.0, 3} }
for _, p in ipairs(fpairs) do
  local a, b = p[1], p[2]
  print(a, b, a // b, a % b)
end
print(5.3 % 1 < 0.31, -5 % 2.0)
print(1 // 0.0, -1 // 0.0)
print(3 % math.huge, -3 % math.huge)
print(3 % -math.huge, -3 % -math.huge)
print(math.mininteger // -1, math.mininteger % -1)
print(7 % 7, -7 % 7)
