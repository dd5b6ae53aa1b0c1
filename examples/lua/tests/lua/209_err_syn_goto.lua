-- syntax error: goto an undefined label
-- nothing in this file runs because the whole chunk fails to compile
-- the label below is misspelled, so the goto has no visible target
print("never executed")
for i = 1, 3 do
  if i == 2 then goto continue end
  print(i)
end
::continu::
print("misspelled label above")
