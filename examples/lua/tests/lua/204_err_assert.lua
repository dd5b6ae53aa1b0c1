-- uncaught error from assert with a message
local function parse(s)
  return assert(tonumber(s), "not a number: " .. s)
end
print(parse("10") + 1)
print(parse("0x20") + 1)
print(parse(" 3.5 ") * 2)
print(select("#", assert(1, 2, 3)))
print(parse("ten"))
print("never printed")
