-- uncaught error: comparing a number with nil
local values = {3, 1, 2}
local limit
print("values", #values)
table.sort(values)
print("sorted", table.concat(values, " "))
for _, v in ipairs(values) do
  if v > limit then print("big", v) end
end
print("never printed")
