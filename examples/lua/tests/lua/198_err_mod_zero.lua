-- uncaught error: integer modulo by zero
-- (the loop reaches d == 0 and raises 'n%0')
print("start")
local n = 7
print("float modulo is fine:", n % 2.5)
print("modulo by float zero is nan:", (n % 0.0) ~= (n % 0.0))
for d = 3, 0, -1 do
  print(n, d, n % d)
end
print("never printed")
