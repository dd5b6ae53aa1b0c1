-- uncaught error: integer division by zero
-- (float division by zero is fine; integer // and % by zero raise errors)
print("start")
local a, b = 10, 0
print("float division", a / b)
print("float floor division", a // 0.0)
print("integer division of non-zero", a // 3)
local function div(x, y) return x // y end
print("pcall", pcall(div, 1, 0) == false)
print("integer division", div(a, b))
print("never printed")
