-- uncaught error with level 0: no position information
print("step 1")
local function step2()
  print("step 2")
  error("plain message without position", 0)
end
local ok, msg = pcall(step2)
print("caught:", ok, msg)
step2()
print("never printed")
