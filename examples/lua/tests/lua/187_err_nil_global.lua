-- uncaught error: arithmetic on an undefined global
local total = 0
for i = 1, 3 do total = total + i end
print("total", total)
definedFactor = 2
print("scaled", total * definedFactor)
total = total * undefinedFactor
print("never printed")
local unused = 1
return unused
