-- uncaught error: arithmetic on a string that is not a number
local s = "12"
print(s + 1, s * 2, s / 4)
local inputs = {"1", "2.5", "0x10", "twelve"}
local sum = 0
for _, v in ipairs(inputs) do
  sum = sum + v
  print("running sum", sum)
end
print("never printed")
