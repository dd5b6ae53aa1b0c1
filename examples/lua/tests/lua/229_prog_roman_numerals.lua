-- realistic: roman numeral conversion both ways with validation
local numerals = {
  {1000, "M"}, {900, "CM"}, {500, "D"}, {400, "CD"}, {100, "C"}, {90, "XC"},
  {50, "L"}, {40, "XL"}, {10, "X"}, {9, "IX"}, {5, "V"}, {4, "IV"}, {1, "I"},
}
local function toRoman(n)
  if math.type(n) ~= "integer" or n < 1 or n > 3999 then return nil, "out of range" end
  local out = {}
  for _, p in ipairs(numerals) do
    while n >= p[1] do out[#out + 1] = p[2]; n = n - p[1] end
  end
  return table.concat(out)
end
local values = {I = 1, V = 5, X = 10, L = 50, C = 100, D = 500, M = 1000}
local function fromRoman(s)
  if not s:match("^[IVXLCDM]+$") then return nil, "invalid characters" end
  local total, prev = 0, 0
  for i = #s, 1, -1 do
    local v = values[s:sub(i, i)]
    if v < prev then total = total - v else total = total + v; prev = v end
  end
  if toRoman(total) ~= s then return nil, "non-canonical" end
  return total
end
for _, n in ipairs({1, 4, 9, 14, 40, 90, 400, 1994, 2024, 3999}) do
  local r = toRoman(n)
  print(n, r, fromRoman(r))
end
print(toRoman(0), toRoman(4000), toRoman(2.5))
print(fromRoman("IIII"), fromRoman("MMXZ"), fromRoman("MCMXCIV"))
local ok = true
for n = 1, 3999 do if fromRoman(toRoman(n)) ~= n then ok = false end end
print("round trip 1..3999", ok)
local longest, ln = "", 0
for n = 1, 3999 do local r = toRoman(n); if #r > #longest then longest, ln = r, n end end
print(ln, longest, #longest)
