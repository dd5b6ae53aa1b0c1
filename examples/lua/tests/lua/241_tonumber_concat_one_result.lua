-- tonumber with one argument and table.concat of a whole table, as a
-- call's single result: numbers, strings that convert (spaces, hex,
-- exponents) or do not, other values, and the error of an item that is
-- not a string or a number; in a loop hot enough to be traced.
local concat = table.concat

local inputs = { 12, 2.5, "7", " 0x1F ", "1e3", "  -3.25  ", "12a", "", "0x", "inf", true, {}, "9007199254740993" }
for i = 1, #inputs do
  local n = tonumber(inputs[i])
  io.write(tostring(n), " ", math.type(n) or type(n), "; ")
end
print()
print(tonumber(nil))

local parts = {}
local total = 0
for i = 1, 3000 do
  parts[#parts + 1] = (i % 3 == 0) and i or ("<" .. i .. ">")
  local s = concat(parts)
  total = total + #s + (tonumber(#s .. "") or 0) + (tonumber(("0x%x"):format(i)) or 0)
  if #parts > 9 then parts = {} end
end
print(total, concat({}), concat({ 1, 2.5, "x" }), concat({ 1, 2 }, "-"))

local ok, err = pcall(function() local s = concat({ 1, {}, 3 }) return s end)
print(ok, err)
ok, err = pcall(function() local s = concat({ "a", "b", true }) return s end)
print(ok, err)
