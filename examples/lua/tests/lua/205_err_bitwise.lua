-- uncaught error: float without integer representation in a bitwise op
local x = 6.0
print(x | 1)
print(2^10 & 0xFF0)
print(math.type(x | 0))
local values = {4.0, 8.0, 6.5}
for _, y in ipairs(values) do
  print(y, y | 1)
end
print("never printed")
