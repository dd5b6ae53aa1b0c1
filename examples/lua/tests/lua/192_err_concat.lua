-- uncaught error: concatenating a table
local parts = {"a", "b"}
print("joined: " .. table.concat(parts, ","))
print("count: " .. #parts)
print("number: " .. 1.5)
local function describe(p)
  return "raw: " .. p
end
print(describe(parts))
print("never printed")
