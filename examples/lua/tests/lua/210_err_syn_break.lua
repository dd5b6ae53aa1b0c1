-- syntax error: break outside a loop
-- nothing in this file runs because the whole chunk fails to compile
print("never executed")
for i = 1, 2 do
  if i == 2 then break end
end
local function f()
  break
end
f()
