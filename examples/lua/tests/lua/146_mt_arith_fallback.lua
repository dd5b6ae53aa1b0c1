-- which operand's metamethod is used and mixing with numbers/strings
local A = setmetatable({}, {__add = function(a, b) return "A.add" end, __concat = function() return "A.cat" end})
local B = setmetatable({}, {__add = function(a, b) return "B.add" end})
print(A + B, B + A, A + 1, 1 + B)
print(A .. B, B .. A, "s" .. A, A .. 1)
print(pcall(function() return B .. "x" end) == false)
local num = setmetatable({}, {__unm = function() return "negated" end, __len = function() return 3 end})
print(-num, #num)
local cmp1 = setmetatable({}, {__lt = function() return true end})
local cmp2 = setmetatable({}, {__lt = function() return false end})
print(cmp1 < cmp2, cmp2 < cmp1, cmp2 > cmp1)
local div = setmetatable({}, {__div = function(a, b) return type(a) .. "/" .. type(b) end,
  __mod = function(a, b) return type(a) .. "%" .. type(b) end,
  __idiv = function(a, b) return type(a) .. "//" .. type(b) end})
print(div / 2, 2 / div, div % "s", 1 // div)
